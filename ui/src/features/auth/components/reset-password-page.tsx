import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { z } from "zod/mini";
import { Password } from "@crm/contracts/auth/commands";
import { useMutationForm } from "@/components/form";
import { NewPasswordField } from "@/components/password-strength/new-password-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { completePasswordReset } from "../api/complete-password-reset.ts";
import { useEnterApp } from "../hooks/use-enter-app.ts";
import { isDeadLink, linkTokenOf } from "../utils/link-token.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { DeadLinkCard } from "./dead-link-card.tsx";

const NewPassword = z.object({ password: Password });

/**
 * /reset-password#<token>: the token waits in the page until the button is pressed (mail scanners
 * that open links must not spend it); the answer is a session, and the app opens.
 */
export function ResetPasswordPage() {
  const token = linkTokenOf(useLocation().hash);
  const [dead, setDead] = useState(false);
  return <AuthLayout>{token === null || dead ? <DeadResetLink /> : <SetPassword token={token} onDead={() => setDead(true)} />}</AuthLayout>;
}

function SetPassword({ token, onDead }: { token: string; onDead: () => void }) {
  useDocumentTitle("Set a New Password");
  const enterApp = useEnterApp();
  const form = useMutationForm({
    schema: NewPassword,
    defaultValues: { password: "" },
    submit: async ({ password }) => {
      try {
        return await completePasswordReset({ token, password });
      } catch (error) {
        if (isDeadLink(error)) onDead();
        throw error;
      }
    },
    failure: (error) =>
      isDeadLink(error)
        ? { title: "Link No Longer Works", description: "Ask for a new link to set your password." }
        : { title: "Password Not Set", description: errorMessage(error, "The password could not be set. Please try again.") },
    onSuccess: (me) => {
      toast({ title: "Password Changed", description: "You are signed in. Every other session of your account was signed out." });
      enterApp(me);
    },
  });
  return (
    <Card className="shadow-md">
      <CardHeader>
        <h1 className="text-xl font-semibold tracking-tight">Set a new password</h1>
        <CardDescription>
          Choose the password you will sign in with from now on. Every other session of your account will be signed out.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormProvider {...form}>
          <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
            <NewPasswordField<z.infer<typeof NewPassword>> name="password" label="New password" />
            <Button type="submit" className="w-full" disabled={form.pending}>
              {form.pending ? "Setting password…" : "Set Password and Sign In"}
            </Button>
          </form>
        </FormProvider>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/login">Back to sign in</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function DeadResetLink() {
  return (
    <DeadLinkCard
      title="This link no longer works"
      actions={
        <>
          <Button asChild>
            <Link to="/forgot-password">Ask for a new link</Link>
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/login">Back to sign in</Link>
          </Button>
        </>
      }
    >
      A link to set a new password works once, for one hour, and only the newest one you asked for. Ask for a new link and use it from the
      latest email.
    </DeadLinkCard>
  );
}
