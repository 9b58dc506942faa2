import { Plus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { useCreateLead } from "../api/create-lead.ts";
import { createBody, EMPTY_LEAD_FORM, type LeadFormValues } from "../utils/lead-form.ts";
import { LeadFormFields } from "./lead-form-fields.tsx";

/** The Add Lead button and its dialog: on success a toast, a reset form and a closed dialog (docs/product.md, "Leads board"). */
export function AddLeadDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD_FORM);
  const create = useCreateLead();
  const formId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(createBody(values), {
      onSuccess: () => {
        toast({ title: "Lead Created", description: "New lead has been added successfully." });
        setValues(EMPTY_LEAD_FORM);
        setOpen(false);
      },
      onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to create lead. Please try again." }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Lead
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Lead</DialogTitle>
          <DialogDescription>Create a new lead entry in your CRM pipeline.</DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={submit}>
          <LeadFormFields mode="create" values={values} onChange={setValues} />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create Lead"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
