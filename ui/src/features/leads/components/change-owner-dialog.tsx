import { z } from "zod/mini";
import type { Lead } from "@crm/contracts/lead/answers";
import { FormDialog, SelectField, useMutationForm } from "@/components/form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { failureText } from "../api/lead-mutations.ts";
import { reassignSummary, useReassignLeads } from "../api/reassign-leads.ts";
import { useStaff } from "../api/get-staff.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import { ownerName, possibleOwners } from "../utils/owners.ts";

const OwnerForm = z.object({ assignedTo: z.string().check(z.minLength(1, "Choose the new owner")) });
type OwnerForm = z.infer<typeof OwnerForm>;

/** The owner select: active Partners and Project Managers (docs/product.md, "Deals"). */
function OwnerField({ open }: { open: boolean }) {
  const staff = useStaff(open);
  const options = possibleOwners(staff.data).map((user) => ({ value: user.id, label: `${user.displayName} (${user.role})` }));
  return (
    <SelectField<OwnerForm>
      name="assignedTo"
      label="New owner"
      options={options}
      placeholder={staff.isPending ? "Loading…" : "Choose a colleague"}
    />
  );
}

export interface ChangeOwnerDialogProps {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change Owner… on one lead (a card's menu, the lead page): PATCH assignedTo with the version the person saw. */
export function ChangeOwnerDialog({ lead, open, onOpenChange }: ChangeOwnerDialogProps) {
  const update = useUpdateLead();
  const staff = useStaff(open);
  const form = useMutationForm<OwnerForm, Lead | null>({
    schema: OwnerForm,
    defaultValues: { assignedTo: lead?.assignedTo ?? "" },
    submit: async ({ assignedTo }) => {
      if (!lead || assignedTo === lead.assignedTo) return null;
      return update.mutateAsync({ id: lead.id, changes: { assignedTo, expectedVersion: lead.version } });
    },
    failure: (error) => ({
      title: "Reassign Failed",
      description: failureText(error, errorMessage(error, "Failed to change the owner. Please try again.")),
    }),
    onSuccess: (saved, { assignedTo }) => {
      if (saved && lead)
        toast({ title: "Owner Changed", description: `${lead.name} is now owned by ${ownerName(staff.data, assignedTo)}.` });
    },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Change Owner"
      description={lead ? `Who answers for ${lead.name}'s deal. The new owner gets a mail.` : undefined}
      submitLabel="Change Owner"
      pendingLabel="Saving..."
    >
      <OwnerField open={open} />
    </FormDialog>
  );
}

export interface ReassignLeadsDialogProps {
  leadIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server answered: the board clears its selection. */
  onDone?: () => void;
}

/** Reassign… for the board's selection: POST /api/leads/reassign once, then a toast of the outcome. */
export function ReassignLeadsDialog({ leadIds, open, onOpenChange, onDone }: ReassignLeadsDialogProps) {
  const reassign = useReassignLeads();
  const staff = useStaff(open);
  const form = useMutationForm<OwnerForm, Awaited<ReturnType<typeof reassign.mutateAsync>>>({
    schema: OwnerForm,
    defaultValues: { assignedTo: "" },
    submit: ({ assignedTo }) => reassign.mutateAsync({ leadIds: [...leadIds], assignedTo }),
    failure: (error) => ({ title: "Reassign Failed", description: errorMessage(error, "Failed to reassign the leads. Please try again.") }),
    onSuccess: (answer, { assignedTo }) => {
      toast({ title: "Leads Reassigned", description: reassignSummary(answer, ownerName(staff.data, assignedTo) ?? "the new owner") });
      onDone?.();
    },
  });
  const count = leadIds.length;
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Reassign ${count} ${count === 1 ? "lead" : "leads"}`}
      description="Every selected open lead gets this owner; each new owner gets a mail."
      submitLabel="Reassign"
      pendingLabel="Reassigning..."
      submitDisabled={count === 0}
    >
      <OwnerField open={open} />
    </FormDialog>
  );
}
