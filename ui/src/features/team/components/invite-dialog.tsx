import { USER_ROLES } from "@crm/contracts/user/answers";
import { InviteBody } from "@crm/contracts/user/commands";
import { INVITE_LIFETIME_MS } from "@crm/contracts/user/user";
import { z } from "zod/mini";
import { FormDialog, SelectField, TextField, useMutationForm } from "@/components/form";
import { errorMessage, HttpError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useInviteUser } from "../api/invite-user.ts";

/** The body's rules; an empty role (nothing chosen yet) is asked for in plain words. */
const InviteForm = z.extend(InviteBody, { role: z.enum(USER_ROLES, { error: "Choose a role" }) });

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: role }));
const LIFETIME_DAYS = Math.round(INVITE_LIFETIME_MS / 86_400_000);

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invite Colleague: an email, a name and a role; the colleague gets a link to set a password and join. */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const invite = useInviteUser();
  const form = useMutationForm({
    schema: InviteForm,
    defaultValues: { email: "", displayName: "" },
    submit: async (values: InviteBody) => {
      try {
        return await invite.mutateAsync(values);
      } catch (error) {
        // An address that already has an account (or an open invitation): said under the field.
        if (error instanceof HttpError && error.status === 409) {
          form.setError(
            "email",
            { type: "server", message: errorMessage(error, "This address already has an account.") },
            { shouldFocus: true },
          );
        }
        throw error;
      }
    },
    failure: (error) => ({
      title: "Invitation Not Sent",
      description: errorMessage(error, "The invitation could not be sent. Please try again."),
    }),
    onSuccess: (user) =>
      toast({
        title: "Invitation Sent",
        description: `${user.email} will get a link to join as ${user.role}. It works for ${LIFETIME_DAYS} days.`,
      }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Invite Colleague"
      description={`They get an email with a link to choose a password and join. The link works once, for ${LIFETIME_DAYS} days.`}
      submitLabel="Send Invitation"
      pendingLabel="Sending…"
    >
      <TextField<InviteBody> name="email" label="Email" type="email" autoComplete="off" placeholder="colleague@agency.com" required />
      <TextField<InviteBody>
        name="displayName"
        label="Display name"
        autoComplete="off"
        required
        hint={<FieldHint>They can change it when they join.</FieldHint>}
      />
      <SelectField<InviteBody> name="role" label="Role" options={ROLE_OPTIONS} placeholder="Choose a role" required />
    </FormDialog>
  );
}

function FieldHint({ children }: { children: string }) {
  return <p className="text-xs text-muted-foreground">{children}</p>;
}
