import { z } from "zod/mini";
import type { TeamMember } from "@crm/contracts/user/answers";
import { FormDialog, useMutationForm } from "@/components/form";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeactivateUser } from "../api/deactivate-user.ts";

/** A confirmation has no fields. */
const NO_FIELDS = z.object({});

export interface DeactivateDialogProps {
  member: TeamMember;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deactivate: asks first, and says what happens (signed out everywhere at once, history kept). */
export function DeactivateDialog({ member, open, onOpenChange }: DeactivateDialogProps) {
  const deactivate = useDeactivateUser();
  const form = useMutationForm({
    schema: NO_FIELDS,
    defaultValues: {},
    submit: () => deactivate.mutateAsync(member.id),
    failure: (error) => ({
      title: "Deactivation Failed",
      description: errorMessage(error, "The account could not be deactivated. Please try again."),
    }),
    onSuccess: () =>
      toast({ title: "Account Deactivated", description: `${member.displayName} has been signed out and can no longer sign in.` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Deactivate ${member.displayName}?`}
      description={
        <>
          {member.displayName} ({member.email}) is signed out on every device at once and can no longer sign in. Everything they did stays
          in the history, and a Partner can reactivate the account later.
        </>
      }
      submitLabel="Deactivate"
      pendingLabel="Deactivating…"
      submitVariant="destructive"
    />
  );
}
