import type { StandardSchemaV1 } from "@standard-schema/spec";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { FormProvider, useController, useFormContext, useWatch } from "react-hook-form";
import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { MAX_LOST_REASONS, SettingsBody, type AgencySettings } from "@crm/contracts/settings/settings";
import { useMutationForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { useUpdateSettings } from "../api/update-settings.ts";

/** The Deals card's values: part of the body of PATCH /api/settings (an emptied percentage is NaN, which the schema refuses). */
export interface DealsValues {
  stageProbabilities: Record<LeadStageName, number>;
  lostReasons: string[];
}

// The contract's body checks the fields: whole percentages 0..100, and 1..30 distinct non-empty reasons.
const schema = SettingsBody as unknown as StandardSchemaV1<DealsValues, DealsValues>;

const valuesOf = (settings: AgencySettings): DealsValues => ({
  stageProbabilities: { ...settings.stageProbabilities },
  lostReasons: [...settings.lostReasons],
});

/** Settings › Deals: each stage's default probability, and the reasons a deal may be lost for. */
export function DealsCard({ settings }: { settings: AgencySettings }) {
  const update = useUpdateSettings();
  const form = useMutationForm({
    schema,
    defaultValues: valuesOf(settings),
    submit: (values) =>
      update.mutateAsync({ stageProbabilities: values.stageProbabilities, lostReasons: values.lostReasons.map((reason) => reason.trim()) }),
    failure: { title: "Settings Not Saved", fallback: "The deal settings could not be saved. Please try again." },
    onSuccess: () => toast({ title: "Settings Saved", description: "The stage probabilities and lost reasons have been updated." }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Deals</CardTitle>
        <CardDescription>
          How likely a deal in each stage is to be won (a lead may set its own), and the reasons a deal can be closed as lost for.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={form.onSubmit} className="grid gap-6" aria-label="Deal settings" noValidate>
            <div className="grid gap-6 lg:grid-cols-2">
              <fieldset className="grid content-start gap-2">
                <legend className="mb-2 text-sm font-medium">Stage probabilities</legend>
                {LEAD_STAGES.map((stage) => (
                  <ProbabilityField key={stage} stage={stage} />
                ))}
              </fieldset>
              <LostReasonsField />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={form.pending}>
                {form.pending ? "Saving..." : "Save Deals"}
              </Button>
            </div>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}

/** One stage's percentage: the stage's name, a whole number 0..100, and its error under it. */
function ProbabilityField({ stage }: { stage: LeadStageName }) {
  const id = useId();
  const { field, fieldState } = useController<DealsValues, `stageProbabilities.${LeadStageName}`>({ name: `stageProbabilities.${stage}` });
  const error = fieldState.error?.message;
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id} className="font-normal">
          {stage}
        </Label>
        <div className="relative w-24 shrink-0">
          <Input
            id={id}
            ref={field.ref}
            name={field.name}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            className="pr-7 text-right tabular-nums"
            value={Number.isNaN(field.value) ? "" : field.value}
            onChange={(event) => field.onChange(event.target.value === "" ? Number.NaN : Number(event.target.value))}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden="true">
            %
          </span>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-right text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The lost reasons: rename in place, remove (while more than one is left), add up to the limit. */
function LostReasonsField() {
  const { control, setValue, getValues, formState } = useFormContext<DealsValues>();
  const reasons = useWatch({ control, name: "lostReasons" });
  const listError = formState.errors.lostReasons?.message ?? formState.errors.lostReasons?.root?.message;
  const change = (next: string[]) => setValue("lostReasons", next, { shouldDirty: true });
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-2 text-sm font-medium">Lost reasons</legend>
      {reasons.map((_reason, index) => (
        <ReasonField
          key={index}
          index={index}
          onRemove={reasons.length > 1 ? () => change(getValues("lostReasons").filter((_r, i) => i !== index)) : undefined}
        />
      ))}
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={reasons.length >= MAX_LOST_REASONS}
        onClick={() => change([...getValues("lostReasons"), ""])}
      >
        <Plus aria-hidden="true" />
        Add Reason
      </Button>
    </fieldset>
  );
}

function ReasonField({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const id = useId();
  const { field, fieldState } = useController<DealsValues, `lostReasons.${number}`>({ name: `lostReasons.${index}` });
  const error = fieldState.error?.message;
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Input
          id={id}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ""}
          maxLength={100}
          aria-label={`Lost reason ${index + 1}`}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          autoFocus={field.value === ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${field.value || `reason ${index + 1}`}`}
          disabled={!onRemove}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
