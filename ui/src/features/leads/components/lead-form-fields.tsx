import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { SelectField, TextareaField, TextField, type SelectOption } from "@/components/form";
import type { User } from "@/lib/session";
import { NO_DIRECTOR } from "../utils/lead-form.ts";

const PRIORITIES: SelectOption[] = [
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low" },
];

const STAGES: SelectOption[] = LEAD_STAGES.map((stage) => ({ value: stage, label: stage }));

export interface LeadFormFieldsProps {
  /** Edit mode adds the stage and creative director pickers. */
  mode: "create" | "edit";
  directors?: Pick<User, "id" | "displayName">[];
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
        </>
      )}
      <TextareaField name="notes" label="Notes" className="sm:col-span-2" />
    </div>
  );
}
