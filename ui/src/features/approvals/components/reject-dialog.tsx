import { z } from "zod/mini";
import type { PendingUser } from "@crm/contracts/user/answers";
import { FormDialog, useMutationForm } from "@/components/form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRejectUser } from "../api/reject-user.ts";

/** A confirmation has no fields. */
const NO_FIELDS = z.object({});

export interface RejectDialogProps {
  user: PendingUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Reject: asks first, and says what follows (the request is removed; they may ask again after a day). */
export function RejectDialog({ user, open, onOpenChange }: RejectDialogProps) {
  const reject = useRejectUser();
  const form = useMutationForm({
    schema: NO_FIELDS,
    defaultValues: {},
    submit: () => reject.mutateAsync(user),
    failure: (error) => ({ title: "Rejection Failed", description: errorMessage(error, "Failed to reject user. Please try again.") }),
    onSuccess: () => toast({ title: "User Rejected", description: `${user.displayName}'s access request has been removed.` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Reject ${user.displayName}?`}
      description={`${user.displayName} (${user.email}) will not get access. They may ask again after 24 hours; you will see it marked as a re-application.`}
      submitLabel="Reject"
      pendingLabel="Rejecting…"
      submitVariant="destructive"
    />
  );
}
