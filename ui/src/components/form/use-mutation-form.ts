import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { useCallback, useRef, useState } from "react";
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { errorMessage, HttpError } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** A toast's words. */
export interface ToastText {
  title: string;
  description: string;
}

/**
 * A check the form makes before sending, which the fields' schema cannot (a file too big, a time
 * that makes no meeting): thrown from `submit`, it shows its own toast instead of the failure one.
 */
export class Refusal extends Error {
  readonly toast: ToastText;
  constructor(toast: ToastText) {
    super(toast.description);
    this.name = "Refusal";
    this.toast = toast;
  }
}

/** What a failed submit shows: a title and the text used when the server gave none. */
export interface FailureToast {
  title: string;
  fallback: string;
}

export interface MutationFormOptions<V extends FieldValues, A> {
  /** The fields' rules (any Standard Schema: zod, zod/mini); each message shows under its field. */
  schema: StandardSchemaV1<V, V>;
  defaultValues: DefaultValues<V>;
  /** Sends the values: usually a mutation's `mutateAsync`, after shaping the body. */
  submit: (values: V) => Promise<A>;
  /** After the answer: the form is already reset to its defaults (and a FormDialog closes itself). */
  onSuccess?: (answer: A, values: V) => void;
  /** The toast for a failed call; a function picks one by the error (a 409, say). */
  failure: FailureToast | ((error: unknown) => ToastText);
  /**
   * The toast the product shows when the fields break their rules, if it shows one (docs/product.md);
   * a function picks it by the broken fields (or shows none by answering undefined).
   */
  invalid?: ToastText | ((errors: FieldErrors<V>) => ToastText | undefined);
}

export type MutationForm<V extends FieldValues> = UseFormReturn<V> & {
  /** The <form>'s onSubmit: validates, sends, maps a 400's fields onto the form, toasts a failure. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** True while the values are on their way. */
  pending: boolean;
  /** Puts the fields back to the newest defaults the form was given (the lead's stage as it is now, say). */
  restart: () => void;
  /** How many submits have succeeded: a FormDialog closes itself when it grows. */
  successes: number;
};

/**
 * Names the fields a 400 problem named (docs/architecture.md, "Errors"): "subject" or
 * "answers.budget" land on the form field of that name, when the form has one.
 */
export function applyFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): void {
  if (!(error instanceof HttpError) || error.status !== 400) return;
  const known = new Set(Object.keys(form.getValues()));
  let named = 0;
  for (const { field, message } of error.fieldErrors) {
    if (!known.has(field.split(".")[0]!)) continue;
    form.setError(field as Path<V>, { type: "server", message }, { shouldFocus: named === 0 });
    named++;
  }
}

/**
 * One form kit for every dialog (docs/decisions/046-ui-by-feature.md): react-hook-form holds the
 * fields, the schema checks them, and a submit either resets the form and calls onSuccess, or
 * names the bad fields and shows the failure toast. Pending is the submit in flight.
 */
export function useMutationForm<V extends FieldValues, A>(options: MutationFormOptions<V, A>): MutationForm<V> {
  const { schema, defaultValues, submit, onSuccess, failure, invalid } = options;
  const form = useForm<V>({ resolver: standardSchemaResolver(schema), defaultValues });
  // The defaults follow the props (a dialog reopened for another lead, a stage changed elsewhere).
  const defaults = useRef(defaultValues);
  defaults.current = defaultValues;
  const { reset } = form;
  const restart = useCallback(() => reset(defaults.current), [reset]);
  const [successes, setSuccesses] = useState(0);
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const answer = await submit(values);
        restart();
        onSuccess?.(answer, values);
        setSuccesses((count) => count + 1);
      } catch (error) {
        applyFieldErrors(form, error);
        const shown =
          error instanceof Refusal
            ? error.toast
            : typeof failure === "function"
              ? failure(error)
              : { title: failure.title, description: errorMessage(error, failure.fallback) };
        toast({ variant: "destructive", ...shown });
      }
    },
    (errors) => {
      const shown = typeof invalid === "function" ? invalid(errors) : invalid;
      if (shown) toast({ variant: "destructive", ...shown });
    },
  );
  return { ...form, onSubmit, pending: form.formState.isSubmitting, restart, successes };
}
