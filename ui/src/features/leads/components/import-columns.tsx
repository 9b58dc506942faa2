import { useId } from "react";
import type { ImportField } from "@crm/contracts/lead/import";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { IMPORT_FIELDS } from "../utils/import-mapping.ts";

/** Radix Select needs a non-empty value: this one stands for "no column". */
const SKIP = "__skip__";

export interface ImportColumnsProps {
  headers: string[];
  mapping: Record<ImportField, string>;
  onMap: (field: ImportField, header: string) => void;
}

/** Which column of the file feeds each lead field; name, business and email must have one. */
export function ImportColumns({ headers, mapping, onMap }: ImportColumnsProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">Columns</legend>
      {IMPORT_FIELDS.map(({ field, label, required, hint }) => (
        <div key={field} className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-${field}`}>
            {label}
            {required && (
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            )}
          </Label>
          <Select value={mapping[field] || SKIP} onValueChange={(v) => onMap(field, v === SKIP ? "" : v)}>
            <SelectTrigger id={`${id}-${field}`} aria-required={required} aria-describedby={hint ? `${id}-${field}-hint` : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={SKIP}>{required ? "Choose a column" : "Not imported"}</SelectItem>
              {headers.map((header) => (
                <SelectItem key={header} value={header}>
                  {header}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {hint && (
            <p id={`${id}-${field}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}
