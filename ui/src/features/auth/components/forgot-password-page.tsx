import { MailCheck } from "lucide-react";
import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { Link } from "react-router";
import { ForgotPasswordBody, RESET_REQUESTED } from "@crm/contracts/auth/commands";
import { TextField, useMutationForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { requestPasswordReset } from "../api/request-password-reset.ts";
import { AuthLayout } from "./auth-layout.tsx";

/** /forgot-password: an address to mail a reset link to; the same confirmation whatever the address. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  return (
    <AuthLayout>
      {sent ? <LinkSent email={sent.email} message={sent.message} onAgain={() => setSent(null)} /> : <AskForLink onSent={setSent} />}
    </AuthLayout>
  );
}

function AskForLink({ onSent }: { onSent: (sent: { email: string; message: string }) => void }) {
  useDocumentTitle("Forgot Password");
  const form = useMutationForm({
    schema: ForgotPasswordBody,
    defaultValues: { email: "" },
    submit: requestPasswordReset,
    failure: { title: "Request Failed", fallback: "The link could not be requested. Please try again." },
    onSuccess: (answer, { email }) => onSent({ email, message: answer.message || RESET_REQUESTED }),
  });
  return (
    <Card className="shadow-md">
      <CardHeader>
        <h1 className="text-xl font-semibold tracking-tight">Forgot your password?</h1>
        <CardDescription>Enter the email you sign in with, and we will mail you a link to set a new password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormProvider {...form}>
          <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
            <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@agency.com" />
            <Button type="submit" className="w-full" disabled={form.pending}>
              {form.pending ? "Sending…" : "Send Link"}
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

function LinkSent({ email, message, onAgain }: { email: string; message: string; onAgain: () => void }) {
  useDocumentTitle("Check Your Email");
  return (
    <Card className="shadow-md">
      <CardHeader className="justify-items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
          <MailCheck className="size-6 text-primary" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">Check your email</h1>
        <CardDescription role="status">{message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="rounded-lg border bg-muted/40 p-3 text-center text-sm break-all">{email}</p>
        <p className="text-center text-xs text-muted-foreground">
          Nothing after a few minutes? Look in the spam folder, check the address, or ask again: only the newest link works.
        </p>
        <Button asChild>
          <Link to="/login">Back to sign in</Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={onAgain}>
          Use another address
        </Button>
      </CardContent>
    </Card>
  );
}
