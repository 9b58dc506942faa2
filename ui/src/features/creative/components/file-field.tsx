import { useId, type ReactNode } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { FormField } from "@/components/form";
import { Input } from "@/components/ui/input";

export interface FileFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: ReactNode;
  /** What the picker takes, under it and tied to it. */
  hint: ReactNode;
  accept: string;
  /** Several files (the field holds File[]) or one (File | null). */
  multiple?: boolean;
}

/** A file picker bound to a field: the files are kept, not their names, and sent once the form is. */
export function FileField<V extends FieldValues>({ name, label, hint, accept, multiple = false }: FileFieldProps<V>) {
  const hintId = useId();
  return (
    <FormField<V>
      name={name}
      label={label}
      hint={
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      }
      render={({ value: _value, onChange, "aria-describedby": errorId, ...control }) => (
        <Input
          {...control}
          type="file"
          multiple={multiple}
          accept={accept}
          aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            onChange(multiple ? files : (files[0] ?? null));
          }}
        />
      )}
    />
  );
}
