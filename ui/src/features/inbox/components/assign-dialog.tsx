import { AssignInboundBody, type InboxMessage } from "@crm/contracts/inbound/answers";
import { FormDialog, FormField, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useAssignMessage } from "../api/assign-message.ts";
import { LeadPicker } from "./lead-picker.tsx";

export interface AssignDialogProps {
  message: InboxMessage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Assign to lead…: puts an unmatched message on the lead's timeline and conversation (docs/product.md, "Replies"). */
export function AssignDialog({ message, open, onOpenChange }: AssignDialogProps) {
  const assign = useAssignMessage(message);
  const form = useMutationForm({
    schema: AssignInboundBody,
    defaultValues: { leadId: "" },
    submit: assign.mutateAsync,
    invalid: { title: "Choose a lead", description: "Search for the lead this message belongs to." },
    failure: { title: "Could not assign the message", fallback: "Failed to assign the message. Please try again." },
    onSuccess: () => toast({ title: "Message Assigned", description: `"${message.subject}" is now on the lead's timeline.` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Assign to Lead"
      description={`"${message.subject}" from ${message.fromName || message.fromAddress}`}
      submitLabel="Assign"
      pendingLabel="Assigning..."
    >
      <FormField<AssignInboundBody> name="leadId" label="Lead" required render={(control) => <LeadPicker control={control} />} />
    </FormDialog>
  );
}
