import { useWatch } from "react-hook-form";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { SelectField, TextareaField, TextField, type CommonFieldProps, type SelectOption } from "@/components/form";
import { useSettings } from "@/api/get-settings";
import type { User } from "@/lib/session";
import { NO_DIRECTOR, type LeadFormValues } from "../utils/lead-form.ts";

const PRIORITIES: SelectOption[] = [
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low" },
];

const STAGES: SelectOption[] = LEAD_STAGES.map((stage) => ({ value: stage, label: stage }));

export interface LeadFormFieldsProps {
  /** Edit mode adds the stage and creative director pickers and the deal's value, close date and probability. */
  mode: "create" | "edit";
  directors?: Pick<User, "id" | "displayName">[];
}

/** A text field for numbers: the phone's number pad, no spinner (a typed amount keeps its grouping). */
const NumberField = (props: CommonFieldProps<LeadFormValues> & { inputMode: "decimal" | "numeric"; placeholder?: string }) => (
  <TextField<LeadFormValues> {...props} autoComplete="off" />
);

/** Value, Expected Close and Probability (docs/product.md, "Deals"), in the agency's currency and stage defaults. */
function DealFields() {
  const settings = useSettings().data;
  const currency = settings?.currency ?? "USD";
  const stage = useWatch<LeadFormValues, "stage">({ name: "stage" });
  const stageDefault = (settings?.stageProbabilities ?? DEFAULT_STAGE_PROBABILITIES)[stage];
  const hint = (text: string) => <p className="text-xs text-muted-foreground">{text}</p>;
  return (
    <>
      <NumberField name="value" label={`Value (${currency})`} inputMode="decimal" placeholder="e.g. 12,500" className="content-start" />
      <TextField<LeadFormValues> name="expectedCloseOn" label="Expected Close Date" type="date" className="content-start" />
      <NumberField
        name="probability"
        label="Probability (%)"
        className="content-start"
        inputMode="numeric"
        placeholder={stageDefault === undefined ? "" : String(stageDefault)}
        hint={hint(stageDefault === undefined ? "Empty: the stage's default" : `Empty: the stage's default, ${stageDefault}% for ${stage}`)}
      />
    </>
  );
}

/**
 * The lead's fields (docs/product.md, "Leads and the pipeline", Fields), bound to the surrounding
 * form of LeadFormValues; the schema checks the required ones.
 */
export function LeadFormFields({ mode, directors = [] }: LeadFormFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name="name" label="Contact Name" required />
      <TextField name="business" label="Business Name" required />
      <TextField name="email" label="Email" type="email" required />
      <TextField name="phone" label="Phone" type="tel" />
      <TextField name="source" label="Lead Source" />
      <SelectField name="priority" label="Priority" options={PRIORITIES} />
      {mode === "edit" && (
        <>
          <SelectField name="stage" label="Stage" options={STAGES} />
          <SelectField
            name="creativeDirectorId"
            label="Creative Director"
            options={[{ value: NO_DIRECTOR, label: "None" }, ...directors.map((d) => ({ value: d.id, label: d.displayName }))]}
          />
          <DealFields />
        </>
      )}
      <TextareaField name="notes" label="Notes" className="sm:col-span-2" />
    </div>
  );
}
