import type { Lead } from "@crm/contracts/lead/answers";
import { useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { failureText } from "../api/lead-mutations.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import { changesOf, EMPTY_LEAD_FORM, LeadFormSchema, valuesOf } from "../utils/lead-form.ts";

export interface EditLeadFormOptions {
  /** The failure toast's text when the server gives no reason the person can act on. */
  fallback: string;
  /** After a save, or a submit that changed nothing (which sends nothing); a FormDialog closes itself. */
  onDone?: () => void;
}

/**
 * Edit Lead's form, in the board's dialog and inline on the lead page (docs/product.md, "Leads board"):
 * sends only what changed, says Lead Updated, and stays open on a failure with the conflict advice.
 */
export function useEditLeadForm(lead: Lead | null, { fallback, onDone }: EditLeadFormOptions) {
  const update = useUpdateLead();
  return useMutationForm({
    schema: LeadFormSchema,
    defaultValues: lead ? valuesOf(lead) : EMPTY_LEAD_FORM,
    submit: async (values) => {
      const changes = lead ? changesOf(lead, values) : {};
      if (!lead || Object.keys(changes).length === 0) return null;
      return update.mutateAsync({ id: lead.id, changes });
    },
    failure: (error) => ({ title: "Update Failed", description: failureText(error, fallback) }),
    onSuccess: (saved) => {
      if (saved) toast({ title: "Lead Updated", description: "Lead details have been updated." });
      onDone?.();
    },
  });
}
