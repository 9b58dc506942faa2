import type { StandardSchemaV1 } from "@standard-schema/spec";
import { useMemo } from "react";
import { FormProvider } from "react-hook-form";
import { SettingsBody, WEEK_STARTS, type AgencySettings, type WeekStart } from "@crm/contracts/settings/settings";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { FormField, SelectField, TextField, useMutationForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useUpdateSettings } from "../api/update-settings.ts";
import { currencyOptions, timeZoneOptions } from "../utils/options.ts";

/** The form's values: the body of PATCH /api/settings, every field present (an empty reply-to clears it). */
export interface SettingsValues {
  agencyName: string;
  senderName: string;
  replyTo: string;
  currency: string;
  timeZone: string;
  weekStart: WeekStart;
}

// The contract's body checks the fields (its reply-to turns "" into null, hence the cast of the input type).
const schema = SettingsBody as unknown as StandardSchemaV1<SettingsValues, SettingsValues>;

const valuesOf = (settings: AgencySettings): SettingsValues => ({
  agencyName: settings.agencyName,
  senderName: settings.senderName,
  replyTo: settings.replyTo ?? "",
  currency: settings.currency,
  timeZone: settings.timeZone,
  weekStart: settings.weekStart,
});

const WEEK_OPTIONS = WEEK_STARTS.map((day) => ({ value: day, label: day }));

/** The agency's name, mail sender and reply-to, currency, time zone and week start; Save Settings sends them. */
export function SettingsForm({ settings }: { settings: AgencySettings }) {
  const update = useUpdateSettings();
  const form = useMutationForm({
    schema,
    defaultValues: valuesOf(settings),
    submit: (values) => update.mutateAsync(values as SettingsBody),
    failure: { title: "Settings Not Saved", fallback: "The settings could not be saved. Please try again." },
    onSuccess: () => toast({ title: "Settings Saved", description: "The agency's settings have been updated." }),
  });
  const currencies = useMemo(() => currencyOptions(settings.currency), [settings.currency]);
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} className="grid gap-5" aria-label="Agency settings" noValidate>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField<SettingsValues>
            name="agencyName"
            label="Agency name"
            className="content-start"
            required
            maxLength={100}
            autoComplete="organization"
          />
          <TextField<SettingsValues>
            name="senderName"
            label="Sender name"
            className="content-start"
            required
            maxLength={100}
            hint={<p className="text-xs text-muted-foreground">Mails to clients go out under this name.</p>}
          />
          <TextField<SettingsValues>
            name="replyTo"
            label="Reply-to address"
            type="email"
            autoComplete="email"
            placeholder="hello@agency.com"
            className="sm:col-span-2"
            hint={<p className="text-xs text-muted-foreground">Where clients' replies go. Leave it empty to use the sending address.</p>}
          />
          <SearchableField name="currency" label="Currency" options={currencies} noun="currency" plural="currencies" />
          <SearchableField name="timeZone" label="Time zone" options={zones} noun="time zone" plural="time zones" />
          <SelectField<SettingsValues> name="weekStart" label="Week starts on" className="content-start" options={WEEK_OPTIONS} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

interface SearchableFieldProps {
  name: "currency" | "timeZone";
  label: string;
  options: ComboboxOption[];
  noun: string;
  plural: string;
}

/** A required setting chosen from a long list, searchable by typing. */
function SearchableField({ name, label, options, noun, plural }: SearchableFieldProps) {
  return (
    <FormField<SettingsValues>
      name={name}
      label={label}
      className="content-start"
      required
      render={({ value, onChange, name: _name, ...control }) => (
        <Combobox
          {...control}
          value={(value as string) ?? ""}
          onChange={onChange}
          options={options}
          placeholder={`Choose a ${noun}`}
          searchPlaceholder={`Search ${plural}…`}
          empty={`No ${noun} matches.`}
        />
      )}
    />
  );
}
