import { FormProvider } from "react-hook-form";
import { ChangePasswordBody } from "@crm/contracts/auth/commands";
import { TextField, useMutationForm } from "@/components/form";
import { NewPasswordField } from "@/components/password-strength/new-password-field";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password.ts";

/** Change Password: the current one proves it is them; every other session ends, this one stays. */
export function ChangePasswordForm({ email, displayName }: { email: string; displayName: string }) {
  const change = useChangePassword();
  const form = useMutationForm({
    schema: ChangePasswordBody,
    defaultValues: { currentPassword: "", newPassword: "" },
    submit: change.mutateAsync,
    failure: { title: "Password Not Changed", fallback: "Your password could not be changed. Please try again." },
    onSuccess: () => toast({ title: "Password Changed", description: "Your other sessions were signed out; this one stays signed in." }),
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} noValidate className="grid gap-5" aria-label="Change password">
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField<ChangePasswordBody> name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <NewPasswordField<ChangePasswordBody> name="newPassword" label="New password" userInputs={`${email} ${displayName}`} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Changing…" : "Change Password"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
