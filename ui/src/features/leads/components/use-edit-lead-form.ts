import { useEffect, useMemo } from "react";
import type { Lead } from "@crm/contracts/lead/answers";
import { useSettings } from "@/api/get-settings";
import { useMutationForm } from "@/components/form";
import { minorToInput } from "@/lib/money";
import { toast } from "@/lib/toast";
import { failureText } from "../api/lead-mutations.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import { changesOf, EMPTY_LEAD_FORM, leadFormSchema, valuesOf } from "../utils/lead-form.ts";

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
  // The deal's value is typed and sent in the agency's currency (its decimals decide the minor units).
  const currency = useSettings().data?.currency ?? "USD";
  const schema = useMemo(() => leadFormSchema(currency), [currency]);
  const form = useMutationForm({
    schema,
    defaultValues: lead ? valuesOf(lead, currency) : EMPTY_LEAD_FORM,
    submit: async (values) => {
      const changes = lead ? changesOf(lead, values, currency) : {};
      if (!lead || Object.keys(changes).length === 0) return null;
      return update.mutateAsync({ id: lead.id, changes });
    },
    failure: (error) => ({ title: "Update Failed", description: failureText(error, fallback) }),
    onSuccess: (saved) => {
      if (saved) toast({ title: "Lead Updated", description: "Lead details have been updated." });
      onDone?.();
    },
  });
  // The settings may arrive after the form opened: the value shown in USD's units must then follow the
  // agency's currency (¥5,000 is "5000", not "50"), or a save would change the deal's worth.
  const { resetField, getFieldState } = form;
  const valueMinor = lead?.valueMinor ?? null;
  useEffect(() => {
    if (!getFieldState("value").isDirty) resetField("value", { defaultValue: minorToInput(valueMinor, currency) });
  }, [currency, valueMinor, resetField, getFieldState]);
  return form;
}
