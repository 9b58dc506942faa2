import type { StandardSchemaV1 } from "@standard-schema/spec";
import { Plus, Trash2 } from "lucide-react";
import { useId, type ComponentProps, type Ref } from "react";
import { FormProvider, useController, useFormContext, useWatch } from "react-hook-form";
import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { MAX_LOST_REASONS, SettingsBody, type AgencySettings } from "@crm/contracts/settings/settings";
import { useMutationForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useUpdateSettings } from "../api/update-settings.ts";

/**
 * The Deals card's values: part of the body of PATCH /api/settings (an emptied percentage is NaN,
 * which the schema refuses; an emptied stale limit is null, never stale).
 */
export interface DealsValues {
  stageProbabilities: Record<LeadStageName, number>;
  staleAfterDays: Record<LeadStageName, number | null>;
  lostReasons: string[];
}

// The contract's body checks the fields: whole percentages 0..100, stale limits of 1..365 days or
// null, and 1..30 distinct non-empty reasons.
const schema = SettingsBody as unknown as StandardSchemaV1<DealsValues, DealsValues>;

const valuesOf = (settings: AgencySettings): DealsValues => ({
  stageProbabilities: { ...settings.stageProbabilities },
  staleAfterDays: { ...settings.staleAfterDays },
  lostReasons: [...settings.lostReasons],
});

/**
 * Only the stale limits that differ from the saved ones, or undefined when none does: a save that
 * leaves them alone says nothing about them, so it cannot undo another Partner's new limit.
 */
export function changedStaleLimits(values: DealsValues["staleAfterDays"], saved: AgencySettings["staleAfterDays"]) {
  const changed = LEAD_STAGES.filter((stage) => values[stage] !== saved[stage]);
  return changed.length > 0 ? Object.fromEntries(changed.map((stage) => [stage, values[stage]])) : undefined;
}

/** Settings › Deals: each stage's default probability and stale limit, and the reasons a deal may be lost for. */
export function DealsCard({ settings }: { settings: AgencySettings }) {
  const update = useUpdateSettings();
  const hintId = useId();
  const form = useMutationForm({
    schema,
    defaultValues: valuesOf(settings),
    submit: (values) => {
      const staleAfterDays = changedStaleLimits(values.staleAfterDays, settings.staleAfterDays);
      return update.mutateAsync({
        stageProbabilities: values.stageProbabilities,
        ...(staleAfterDays ? { staleAfterDays } : {}),
        lostReasons: values.lostReasons.map((reason) => reason.trim()),
      });
    },
    failure: { title: "Settings Not Saved", fallback: "The deal settings could not be saved. Please try again." },
    onSuccess: () =>
      toast({ title: "Settings Saved", description: "The stage probabilities, stale limits and lost reasons have been updated." }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Deals</CardTitle>
        <CardDescription>
          How likely a deal in each stage is to be won (a lead may set its own), how many days a lead may go without activity before the
          board flags it as stale, and the reasons a deal can be closed as lost for.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={form.onSubmit} className="grid gap-6" aria-label="Deal settings" noValidate>
            <div className="grid gap-6 lg:grid-cols-2">
              <fieldset className="grid content-start gap-2" aria-describedby={hintId}>
                <legend className="sr-only">Stage probabilities and stale limits</legend>
                <div className="flex items-end gap-3 text-sm font-medium" aria-hidden="true">
                  <span className="min-w-0 flex-1">Stage</span>
                  <span className="w-24 shrink-0 text-right">Probability</span>
                  <span className="w-24 shrink-0 text-right">Stale after</span>
                </div>
                {LEAD_STAGES.map((stage) => (
                  <StageFields key={stage} stage={stage} />
                ))}
                <p id={hintId} className="text-xs text-muted-foreground">
                  Stale after: days without activity before an open lead in the stage is flagged on the board. Leave it empty to never flag
                  that stage.
                </p>
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

/** One stage's row: its name, its default probability (a whole percent) and its stale limit (days, empty for never), errors under them. */
function StageFields({ stage }: { stage: LeadStageName }) {
  const id = useId();
  const probability = useController<DealsValues, `stageProbabilities.${LeadStageName}`>({ name: `stageProbabilities.${stage}` });
  const stale = useController<DealsValues, `staleAfterDays.${LeadStageName}`>({ name: `staleAfterDays.${stage}` });
  const errors = [
    { id: `${id}-probability-error`, message: probability.fieldState.error?.message },
    { id: `${id}-stale-error`, message: stale.fieldState.error?.message },
  ].filter((error) => error.message);
  const invalid = (error: string | undefined, errorId: string) =>
    error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <Label htmlFor={id} className="min-w-0 flex-1 font-normal">
          {stage}
        </Label>
        <NumberInput
          id={id}
          field={probability.field}
          value={Number.isNaN(probability.field.value) ? "" : probability.field.value}
          onValue={(text) => probability.field.onChange(text === "" ? Number.NaN : Number(text))}
          min={0}
          max={100}
          unit="%"
          className="w-24"
          {...invalid(probability.fieldState.error?.message, `${id}-probability-error`)}
        />
        <NumberInput
          field={stale.field}
          aria-label={`${stage}: stale after days`}
          value={stale.field.value === null || Number.isNaN(stale.field.value) ? "" : stale.field.value}
          onValue={(text) => stale.field.onChange(text === "" ? null : Number(text))}
          min={1}
          max={365}
          unit="days"
          placeholder="Never"
          className="w-24"
          {...invalid(stale.fieldState.error?.message, `${id}-stale-error`)}
        />
      </div>
      {errors.map((error) => (
        <p key={error.id} id={error.id} className="text-right text-sm text-destructive">
          {error.message}
        </p>
      ))}
    </div>
  );
}

interface NumberInputProps extends Omit<ComponentProps<typeof Input>, "value" | "onChange" | "type"> {
  field: { ref: Ref<HTMLInputElement>; name: string; onBlur: () => void };
  value: number | "";
  onValue: (text: string) => void;
  /** Shown after the number, inside the box ("%", "days"); not beside an empty box, whose placeholder speaks. */
  unit: string;
}

/** A whole number in a box with its unit at the right. */
function NumberInput({ field, value, onValue, unit, className, ...props }: NumberInputProps) {
  return (
    <div className={cn("relative shrink-0", className)}>
      <Input
        {...props}
        ref={field.ref}
        name={field.name}
        type="number"
        inputMode="numeric"
        step={1}
        className={cn("text-right tabular-nums", value === "" ? "pr-3" : unit.length > 1 ? "pr-12" : "pr-7")}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={field.onBlur}
      />
      {value !== "" && (
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden="true">
          {unit}
        </span>
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
