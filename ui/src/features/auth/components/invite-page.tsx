import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { z } from "zod/mini";
import { Password } from "@crm/contracts/auth/commands";
import type { InviteDetails } from "@crm/contracts/user/answers";
import { DisplayName } from "@crm/contracts/user/commands";
import { ErrorState } from "@/components/error-state";
import { TextField, useMutationForm } from "@/components/form";
import { NewPasswordField } from "@/components/password-strength/new-password-field";
import { RoleBadge } from "@/components/role-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { acceptInvite } from "../api/accept-invite.ts";
import { useInvite } from "../api/get-invite.ts";
import { useEnterApp } from "../hooks/use-enter-app.ts";
import { isDeadLink, linkTokenOf } from "../utils/link-token.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { DeadLinkCard } from "./dead-link-card.tsx";
import { browserZone } from "@/api/use-time-zone";

const Joining = z.object({ displayName: DisplayName, password: Password });
type Joining = z.infer<typeof Joining>;

/**
 * /invite#<token>: who invited them, to which agency, as what; then a name and a password, and
 * "Join <agency>" signs them in. Reading the invitation does not spend it; joining does.
 */
export function InvitePage() {
  const token = linkTokenOf(useLocation().hash);
  const invite = useInvite(token);
  const [dead, setDead] = useState(false);
  let content;
  if (token === null || dead || (invite.error && isDeadLink(invite.error))) content = <DeadInvitation />;
  else if (invite.error)
    content = <ErrorState title="Could not load the invitation" error={invite.error} onRetry={() => void invite.refetch()} />;
  else if (invite.isPending) content = <Skeleton className="h-[32rem] rounded-xl" role="status" aria-label="Loading the invitation" />;
  else content = <JoinCard token={token} invite={invite.data} onDead={() => setDead(true)} />;
  return <AuthLayout>{content}</AuthLayout>;
}

function JoinCard({ token, invite, onDead }: { token: string; invite: InviteDetails; onDead: () => void }) {
  useDocumentTitle(`Join ${invite.agencyName}`);
  const enterApp = useEnterApp();
  const form = useMutationForm({
    schema: Joining,
    defaultValues: { displayName: invite.displayName, password: "" },
    submit: async ({ displayName, password }: Joining) => {
      try {
        return await acceptInvite({ token, displayName, password });
      } catch (error) {
        if (isDeadLink(error)) onDead();
        throw error;
      }
    },
    failure: (error) =>
      isDeadLink(error)
        ? { title: "Invitation No Longer Works", description: "Ask the Partner who invited you for a new invitation." }
        : { title: "Could Not Join", description: errorMessage(error, "Your account could not be set up. Please try again.") },
    onSuccess: (me) => {
      toast({ title: `Welcome to ${invite.agencyName}`, description: `You are signed in as ${invite.role}.` });
      enterApp(me);
    },
  });
  // Signed out, the invitee has no profile to read a zone from: their browser's, named beside the time.
  const zone = browserZone();
  const displayName = form.watch("displayName");
  return (
    <Card className="shadow-md">
      <CardHeader>
        <h1 className="text-xl font-semibold tracking-tight">Join {invite.agencyName}</h1>
        <CardDescription>
          {invite.invitedBy ? <span className="font-medium text-foreground">{invite.invitedBy}</span> : "A Partner"} invited you to join{" "}
          {invite.agencyName}. Choose how colleagues see your name and the password you will sign in with.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{invite.email}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            <RoleBadge role={invite.role} />
          </dd>
          {invite.invitedBy && (
            <>
              <dt className="text-muted-foreground">Invited by</dt>
              <dd className="font-medium">{invite.invitedBy}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Link works until</dt>
          <dd>
            <time dateTime={invite.expiresAt}>{formatDateTime(invite.expiresAt, zone, { withZone: true })}</time>
          </dd>
        </dl>
        <FormProvider {...form}>
          <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
            <TextField<Joining> name="displayName" label="Display name" autoComplete="name" />
            <NewPasswordField<Joining> name="password" label="Password" userInputs={[invite.email, displayName].join(" ")} />
            <Button type="submit" className="w-full" disabled={form.pending}>
              {form.pending ? "Joining…" : `Join ${invite.agencyName}`}
            </Button>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}

function DeadInvitation() {
  return (
    <DeadLinkCard
      title="This invitation no longer works"
      actions={
        <Button asChild>
          <Link to="/login">Go to sign in</Link>
        </Button>
      }
    >
      An invitation works once, for seven days, and a Partner may have withdrawn it or sent a newer one. If you have not joined yet, ask the
      Partner who invited you to send the invitation again. If you have, sign in.
    </DeadLinkCard>
  );
}
