import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "destructive";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** docs/product.md, "Limits and constants": toasts last 5 s, at most one at a time. */
export const TOAST_DURATION_MS = 5000;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(message: ToastMessage | null) {
  current = message;
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen (one at a time). */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): ToastMessage {
  const message: ToastMessage = { id: nextId++, title: input.title, description: input.description, variant: input.variant ?? "default" };
  publish(message);
  return message;
}

/** Removes the toast with this id, if it is still the one shown. */
export function dismissToast(id: number): void {
  if (current?.id === id) publish(null);
}

/** The toast on screen, if any. */
export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
