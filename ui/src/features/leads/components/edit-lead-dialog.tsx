import { useEffect, useId, useState, type FormEvent } from "react";
import type { Lead } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { useCreativeDirectors } from "../api/get-creative-directors.ts";
import { failureText } from "../api/lead-mutations.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import { changesOf, EMPTY_LEAD_FORM, valuesOf, type LeadFormValues } from "../utils/lead-form.ts";
import { LeadFormFields } from "./lead-form-fields.tsx";

export interface EditLeadDialogProps {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit Lead (docs/product.md, "Leads board"): every editable field plus the director picker; stays open on failure. */
export function EditLeadDialog({ lead, open, onOpenChange }: EditLeadDialogProps) {
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD_FORM);
  const directors = useCreativeDirectors(open);
  const update = useUpdateLead();
  const formId = useId();

  useEffect(() => {
    if (open && lead) setValues(valuesOf(lead));
  }, [open, lead]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!lead) return;
    const changes = changesOf(lead, values);
    if (Object.keys(changes).length === 0) return onOpenChange(false);
    update.mutate(
      { id: lead.id, changes },
      {
        onSuccess: () => {
          toast({ title: "Lead Updated", description: "Lead details have been updated." });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Update Failed",
            description: failureText(error, "Failed to update lead details. Please try again."),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Lead</DialogTitle>
          <DialogDescription>{lead ? `Update the details of ${lead.name}.` : "Update the lead's details."}</DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={submit}>
          <LeadFormFields mode="edit" values={values} onChange={setValues} directors={directors.data ?? []} />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
