import { FormDialog, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useCreateLead } from "../api/create-lead.ts";
import { createBody, EMPTY_LEAD_FORM, LeadFormSchema } from "../utils/lead-form.ts";
import { LeadFormFields } from "./lead-form-fields.tsx";

export interface AddLeadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add New Lead: on success a toast, a reset form and a closed dialog (docs/product.md, "Leads board"). */
export function AddLeadDialog({ open, onOpenChange }: AddLeadDialogProps) {
  const create = useCreateLead();
  const form = useMutationForm({
    schema: LeadFormSchema,
    defaultValues: EMPTY_LEAD_FORM,
    submit: (values) => create.mutateAsync(createBody(values)),
    failure: () => ({ title: "Error", description: "Failed to create lead. Please try again." }),
    onSuccess: () => toast({ title: "Lead Created", description: "New lead has been added successfully." }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Lead"
      description="Create a new lead entry in your CRM pipeline."
      submitLabel="Create Lead"
      pendingLabel="Creating..."
      className="sm:max-w-2xl"
    >
      <LeadFormFields mode="create" />
    </FormDialog>
  );
}
