import { dismissToast, TOAST_DURATION_MS, useCurrentToast } from "@/lib/toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast.tsx";

/** Renders the one current toast; a new toast (new key) replaces it and restarts the 5 s timer. */
export function Toaster() {
  const current = useCurrentToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS}>
      {current && (
        <Toast key={current.id} variant={current.variant} onOpenChange={(open) => !open && dismissToast(current.id)}>
          <div className="grid gap-1">
            <ToastTitle>{current.title}</ToastTitle>
            {current.description && <ToastDescription>{current.description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      )}
      <ToastViewport />
    </ToastProvider>
  );
}
