import { useId, type ComponentProps, type ReactNode } from "react";
import { useController, useFormContext, type FieldValues, type Path } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/** What a control needs to be one field of the form: its value, its handlers, and its label and error wiring. */
export interface ControlProps {
  id: string;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: ReactNode;
  /** Marks the label with a red asterisk (the rule itself is the schema's). */
  required?: boolean;
  /** A line under the control: a counter, a hint. */
  hint?: ReactNode;
  className?: string;
  render: (control: ControlProps) => ReactNode;
}

/** A label, a control and the field's error under it, tied together for assistive technology. */
export function FormField<V extends FieldValues>({ name, label, required, hint, className, render }: FormFieldProps<V>) {
  const id = useId();
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  const errorId = `${id}-error`;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      {render({
        id,
        name: field.name,
        value: field.value,
        onChange: field.onChange,
        onBlur: field.onBlur,
        ref: field.ref,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {hint}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The props every ready-made field shares with FormField. */
export type CommonFieldProps<V extends FieldValues> = Omit<FormFieldProps<V>, "render">;

/** A text input bound to the field. */
export function TextField<V extends FieldValues>({
  type = "text",
  placeholder,
  autoComplete,
  maxLength,
  inputMode,
  ...field
}: CommonFieldProps<V> & Pick<ComponentProps<"input">, "type" | "placeholder" | "autoComplete" | "maxLength" | "inputMode">) {
  return (
    <FormField
      {...field}
      render={({ value, onChange, ...control }) => (
        <Input
          {...control}
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete}
          maxLength={maxLength}
          inputMode={inputMode}
          value={(value as string) ?? ""}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    />
  );
}

/** A text area bound to the field. */
export function TextareaField<V extends FieldValues>({
  rows,
  placeholder,
  maxLength,
  textareaClassName,
  ...field
}: CommonFieldProps<V> & { rows?: number; placeholder?: string; maxLength?: number; textareaClassName?: string }) {
  return (
    <FormField
      {...field}
      render={({ value, onChange, ...control }) => (
        <Textarea
          {...control}
          rows={rows}
          placeholder={placeholder}
          maxLength={maxLength}
          className={textareaClassName}
          value={(value as string) ?? ""}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    />
  );
}
