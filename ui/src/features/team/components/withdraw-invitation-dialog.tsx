import { z } from "zod/mini";
import type { TeamMember } from "@crm/contracts/user/answers";
import { FormDialog, useMutationForm } from "@/components/form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWithdrawInvitation } from "../api/withdraw-invitation.ts";

/** A confirmation has no fields. */
const NO_FIELDS = z.object({});

export interface WithdrawInvitationDialogProps {
  member: TeamMember;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Withdraw Invitation: asks first; the mailed link stops working at once. */
export function WithdrawInvitationDialog({ member, open, onOpenChange }: WithdrawInvitationDialogProps) {
  const withdraw = useWithdrawInvitation();
  const form = useMutationForm({
    schema: NO_FIELDS,
    defaultValues: {},
    submit: () => withdraw.mutateAsync(member.id),
    failure: (error) => ({ title: "Invitation Not Withdrawn", description: errorMessage(error, "Please try again.") }),
    onSuccess: () => toast({ title: "Invitation Withdrawn", description: `The link sent to ${member.email} no longer works.` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Withdraw this invitation?"
      description={`The link sent to ${member.displayName} (${member.email}) stops working at once.`}
      submitLabel="Withdraw Invitation"
      pendingLabel="Withdrawing…"
      submitVariant="destructive"
    />
  );
}
