import type { Lead } from "@crm/contracts/lead/answers";
import { FormDialog } from "@/components/form";
import { useCreativeDirectors } from "@/api/get-creative-directors";
import { LeadFormFields } from "./lead-form-fields.tsx";
import { useEditLeadForm } from "./use-edit-lead-form.ts";

export interface EditLeadDialogProps {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit Lead (docs/product.md, "Leads board"): every editable field plus the director picker; stays open on failure. */
export function EditLeadDialog({ lead, open, onOpenChange }: EditLeadDialogProps) {
  const directors = useCreativeDirectors(open);
  const form = useEditLeadForm(lead, { fallback: "Failed to update lead details. Please try again." });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Lead"
      description={lead ? `Update the details of ${lead.name}.` : "Update the lead's details."}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      className="sm:max-w-2xl"
    >
      <LeadFormFields mode="edit" directors={directors.data ?? []} />
    </FormDialog>
  );
}
