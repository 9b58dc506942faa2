import type { TeamMember } from "@crm/contracts/user/answers";
import { USER_ROLES } from "@crm/contracts/user/answers";
import { ChangeRoleBody } from "@crm/contracts/user/commands";
import { FormDialog, SelectField, useMutationForm } from "@/components/form";
import { errorMessage, HttpError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useChangeRole } from "../api/change-role.ts";

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: role }));

export interface ChangeRoleDialogProps {
  member: TeamMember;
  isSelf: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change Role: a select of the three roles; the last active Partner's refusal (409) is said under it. */
export function ChangeRoleDialog({ member, isSelf, open, onOpenChange }: ChangeRoleDialogProps) {
  const change = useChangeRole(member.id);
  const form = useMutationForm({
    schema: ChangeRoleBody,
    defaultValues: { role: member.role },
    submit: async (body: ChangeRoleBody) => {
      try {
        return await change.mutateAsync(body);
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) {
          form.setError("role", { type: "server", message: errorMessage(error, "The role could not be changed.") });
        }
        throw error;
      }
    },
    failure: (error) => ({
      title: "Role Not Changed",
      description: errorMessage(error, "The role could not be changed. Please try again."),
    }),
    onSuccess: (user) => toast({ title: "Role Changed", description: `${member.displayName} is now ${user.role}.` }),
  });
  const chosen = form.watch("role");
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Change Role"
      description={`What ${isSelf ? "you" : member.displayName} may see and do in the CRM follows the role.`}
      submitLabel="Change Role"
      pendingLabel="Changing…"
      submitDisabled={chosen === member.role}
    >
      <SelectField<ChangeRoleBody> name="role" label={isSelf ? "Your role" : `${member.displayName}'s role`} options={ROLE_OPTIONS} />
      {isSelf && member.role === "Partner" && chosen !== "Partner" && (
        <p className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
          You are changing your own role: Partner-only pages, this one included, will close for you as soon as you confirm.
        </p>
      )}
    </FormDialog>
  );
}
