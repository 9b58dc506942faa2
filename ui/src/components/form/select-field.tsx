import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { FormField, type CommonFieldProps } from "./fields.tsx";

// Apart from the other fields: Radix Select (with floating-ui) is the heaviest control, and a form without one
// (the public questionnaire, say) should not carry it.

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** A Radix select bound to the field (Radix needs non-empty values: map "none" in the schema). */
export function SelectField<V extends FieldValues>({
  options,
  placeholder,
  ...field
}: CommonFieldProps<V> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <FormField
      {...field}
      render={({ id, value, onChange, onBlur, ref, ...aria }) => (
        <Select value={(value as string) || undefined} onValueChange={onChange}>
          <SelectTrigger id={id} ref={ref} onBlur={onBlur} className="w-full" {...aria}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
