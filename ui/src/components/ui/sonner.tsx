import { cva } from "class-variance-authority";
import { XIcon } from "lucide-react";
import type { CSSProperties } from "react";
import { toast as sonner, Toaster as Sonner } from "sonner";
import type { ToastMessage } from "@/lib/toast";
import { TOAST_DURATION_MS } from "@/lib/toast";
import { useTheme } from "@/lib/theme";

/**
 * The toast on screen, if any. Each toast gets its own id and the one before it is dismissed: one
 * at a time, the newest wins. (Sharing one id made sonner update the old toast in place, which
 * lost the new one when it came in the 200 ms the old one takes to leave after its time is up.)
 */
let current: string | number | undefined;

const card = cva("relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-md border p-5 pr-8 shadow-lg", {
  variants: {
    variant: {
      default: "border bg-background text-foreground",
      destructive: "border-destructive bg-destructive text-white dark:text-destructive-foreground",
    },
  },
});

/** Our toast's look inside sonner's list: title, description and a close button. */
function ToastCard({ id, message }: { id: string | number; message: ToastMessage }) {
  return (
    <div data-slot="toast" data-variant={message.variant} className={card({ variant: message.variant })}>
      <div className="grid gap-1">
        <div data-slot="toast-title" className="text-sm font-semibold">
          {message.title}
        </div>
        {message.description && (
          <div data-slot="toast-description" className="text-sm opacity-90">
            {message.description}
          </div>
        )}
      </div>
      <button
        type="button"
        data-slot="toast-close"
        aria-label="Close"
        onClick={() => sonner.dismiss(id)}
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus:opacity-100 focus:ring-2 focus:outline-none"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Shows the message in sonner, replacing the toast on screen. */
export function showToast(message: ToastMessage): void {
  if (current !== undefined) sonner.dismiss(current);
  current = sonner.custom((id) => <ToastCard id={id} message={message} />, { duration: TOAST_DURATION_MS });
}

/** Where and how wide toasts stand: 1 rem from the corner, 388 px wide (a 420 px column less its padding). */
const PLACE = { offset: 16, mobileOffset: 16, style: { "--width": "388px" } as CSSProperties };

/** The toasts (sonner): bottom right, one at a time, 5 s, following the theme; F8 focuses them. */
export function Toaster() {
  const theme = useTheme();
  return <Sonner theme={theme} position="bottom-right" visibleToasts={1} duration={TOAST_DURATION_MS} hotkey={["F8"]} {...PLACE} />;
}
