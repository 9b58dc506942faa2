import { FormProvider } from "react-hook-form";
import type { Lead } from "@crm/contracts/lead/answers";
import { Button } from "@/components/ui/button";
import type { User } from "@/lib/session";
import { LeadFormFields } from "./lead-form-fields.tsx";
import { useEditLeadForm } from "./use-edit-lead-form.ts";

export interface LeadEditFormProps {
  lead: Lead;
  directors: Pick<User, "id" | "displayName">[];
  onDone: () => void;
}

/**
 * The Lead Information card in edit mode: the form with Save Changes and Cancel. It starts from the
 * lead as it is when the form opens; later live changes don't overwrite typing.
 */
export function LeadEditForm({ lead, directors, onDone }: LeadEditFormProps) {
  const form = useEditLeadForm(lead, { fallback: "Failed to update lead. Please try again.", onDone });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} className="grid gap-4" aria-label="Edit lead" noValidate>
        <LeadFormFields mode="edit" directors={directors} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
