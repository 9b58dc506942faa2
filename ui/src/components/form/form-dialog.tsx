import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormProvider, type FieldValues } from "react-hook-form";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { MutationForm } from "./use-mutation-form.ts";

export interface FormDialogProps<V extends FieldValues> {
  form: MutationForm<V>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The submit button's label, and what it says while the values are on their way. */
  submitLabel: string;
  pendingLabel: string;
  /** The close button's label (default "Cancel"), e.g. "Keep Meeting" where the submit itself cancels something. */
  cancelLabel?: string;
  /** A button that opens the dialog, when the dialog owns one. */
  trigger?: ReactNode;
  /** Width and height rules for the dialog's box. */
  className?: string;
  /** Disables the submit button beyond the pending state (nothing chosen yet, say). */
  submitDisabled?: boolean;
  /** "destructive" for a submit that rejects or erases. */
  submitVariant?: ButtonProps["variant"];
  /** The fields; none for a confirmation, whose form is only the submit. */
  children?: ReactNode;
}

/**
 * A dialog around one form: title, fields, Cancel and a submit button that shows its pending
 * label. Each opening starts from the form's newest defaults; a success closes it, and closing it
 * (Cancel, Escape, the overlay, a success) puts the fields back; while the values are on their way it stays open.
 */
export function FormDialog<V extends FieldValues>(props: FormDialogProps<V>) {
  const {
    form,
    open,
    onOpenChange,
    title,
    description,
    submitLabel,
    pendingLabel,
    cancelLabel = "Cancel",
    trigger,
    className,
    submitDisabled,
    submitVariant,
    children,
  } = props;
  const formId = useId();
  const { restart } = form;
  useEffect(() => {
    if (open) restart();
  }, [open, restart]);
  const change = (next: boolean) => {
    if (!next && form.pending) return;
    if (!next) restart();
    onOpenChange(next);
  };
  const closedAfter = useRef(form.successes);
  useEffect(() => {
    if (form.successes === closedAfter.current) return;
    closedAfter.current = form.successes;
    onOpenChange(false);
  }, [form.successes, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={change}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <FormProvider {...form}>
          <form id={formId} onSubmit={form.onSubmit} className="grid gap-4" hidden={!children} noValidate>
            {children}
          </form>
        </FormProvider>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={form.pending} onClick={() => change(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} disabled={form.pending || submitDisabled}>
            {form.pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
