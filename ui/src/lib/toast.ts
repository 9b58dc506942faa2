export type ToastVariant = "default" | "destructive";

export interface ToastMessage {
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
}

/** docs/product.md, "Limits and constants": toasts last 5 s, at most one at a time. */
export const TOAST_DURATION_MS = 5000;

/**
 * Shows a toast, replacing the one on screen (sonner, in our look: components/ui/sonner.tsx). Its
 * code loads with the first toast or beside the first screen, so no screen's first paint waits for
 * it; a toast raised before the Toaster mounts is shown when it does.
 */
export function toast({ title, description, variant = "default" }: { title: string; description?: string; variant?: ToastVariant }): void {
  void import("@/components/ui/sonner").then(({ showToast }) => showToast({ title, description, variant }));
}
