import { useId } from "react";
import { useFormContext, useWatch, type FieldValues, type Path, type PathValue } from "react-hook-form";
import { FormField } from "@/components/form";
import { Input } from "@/components/ui/input";
import { timeZoneNames } from "@/lib/time-zones";
import { timeIn } from "../utils/time-zones.ts";

export interface TimeZoneFieldProps<V extends FieldValues> {
  name: Path<V>;
  /** The agency's zone, which an empty field follows, when known. */
  agencyTimeZone: string | undefined;
}

/**
 * A time zone: typed with suggestions from every zone the browser knows (a native combobox, so it
 * filters as one types and works with a keyboard and a screen reader); empty follows the agency.
 */
export function TimeZoneField<V extends FieldValues>({ name, agencyTimeZone }: TimeZoneFieldProps<V>) {
  const listId = useId();
  const { setValue } = useFormContext<V>();
  const value = ((useWatch<V>({ name }) as string | undefined) ?? "").trim();
  const agencyDefault = agencyTimeZone ? `Agency default (${agencyTimeZone})` : "Agency default";
  const now = timeIn(value || agencyTimeZone || "");
  return (
    <FormField<V>
      name={name}
      label="Time zone"
      hint={
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <p>
            {value
              ? "Type a city or region, such as Paris or New_York."
              : `Empty follows the agency's time zone${agencyTimeZone ? `, ${agencyTimeZone}` : ""}.`}
            {now && <> It is {now} there now.</>}
          </p>
          {value && (
            <button
              type="button"
              className="rounded-sm font-medium text-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => setValue(name, "" as PathValue<V, Path<V>>, { shouldDirty: true, shouldValidate: true })}
            >
              Use agency default
            </button>
          )}
        </div>
      }
      render={({ value: field, onChange, ...control }) => (
        <>
          <Input
            {...control}
            list={listId}
            autoComplete="off"
            spellCheck={false}
            placeholder={agencyDefault}
            value={(field as string) ?? ""}
            onChange={(event) => onChange(event.target.value)}
          />
          <datalist id={listId}>
            {timeZoneNames().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    />
  );
}
