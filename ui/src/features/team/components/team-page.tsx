import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { TeamMember, UserStatus } from "@crm/contracts/user/answers";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useMayChange, useMe } from "@/lib/session";
import { useTeam } from "../api/get-team.ts";
import { ChangeRoleDialog, DeactivateDialog, InviteDialog, WithdrawInvitationDialog } from "./lazy-dialogs.ts";
import type { MemberDialog } from "./member-actions.tsx";
import { TeamList } from "./team-list.tsx";

/** The order of the list: the working team, then those on their way in, then those gone. */
const STATUS_ORDER: Record<UserStatus, number> = { active: 0, invited: 1, pending: 2, deactivated: 3 };

const byStatusThenName = (a: TeamMember, b: TeamMember) =>
  STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.displayName.localeCompare(b.displayName);

/** /team (Partners): every account, the invitations and what a Partner may do with each. */
export function TeamPage() {
  const team = useTeam();
  const selfId = useMe().data?.user?.id;
  // An Auditor reads the team: no invitation, no row actions.
  const changes = useMayChange();
  const [inviting, setInviting] = useState(false);
  const [dialog, setDialog] = useState<{ kind: MemberDialog; member: TeamMember; open: boolean }>();
  const close = (open: boolean) => {
    if (!open) setDialog((current) => current && { ...current, open: false });
  };
  const openFor = (kind: MemberDialog) => (dialog?.kind === kind ? dialog : undefined);
  const role = openFor("role");
  const deactivate = openFor("deactivate");
  const withdraw = openFor("withdraw");
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Team"
        description="Everyone with an account: invite colleagues, change roles, deactivate accounts."
        actions={
          changes && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden="true" />
              Invite Colleague
            </Button>
          )
        }
      />
      <TeamContent query={team} selfId={selfId} onOpen={changes ? (kind, member) => setDialog({ kind, member, open: true }) : undefined} />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      {role && (
        <ChangeRoleDialog
          key={role.member.id}
          member={role.member}
          isSelf={role.member.id === selfId}
          open={role.open}
          onOpenChange={close}
        />
      )}
      {deactivate && <DeactivateDialog key={deactivate.member.id} member={deactivate.member} open={deactivate.open} onOpenChange={close} />}
      {withdraw && <WithdrawInvitationDialog key={withdraw.member.id} member={withdraw.member} open={withdraw.open} onOpenChange={close} />}
    </div>
  );
}

function TeamContent({
  query,
  selfId,
  onOpen,
}: {
  query: ReturnType<typeof useTeam>;
  selfId: string | undefined;
  onOpen: ((kind: MemberDialog, member: TeamMember) => void) | undefined;
}) {
  if (query.error) return <ErrorState title="Could not load the team" error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading the team">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14 rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.data.length === 0) {
    return <EmptyState icon={Users} title="No Accounts Yet" description="Invite a colleague to start working together in the CRM." />;
  }
  const members = [...query.data].sort(byStatusThenName);
  return (
    <div className="grid gap-3">
      <TeamSummary members={members} />
      <TeamList members={members} selfId={selfId} onOpen={onOpen} />
    </div>
  );
}

/** How many are in, invited, waiting and deactivated; the waiting ones are answered on /approvals. */
function TeamSummary({ members }: { members: readonly TeamMember[] }) {
  const count = (status: UserStatus) => members.filter((m) => m.status === status).length;
  const parts = [
    `${count("active")} active`,
    count("invited") > 0 && `${count("invited")} invited`,
    count("deactivated") > 0 && `${count("deactivated")} deactivated`,
  ].filter(Boolean);
  const waiting = count("pending");
  return (
    <p className="text-sm text-muted-foreground">
      {parts.join(" · ")}
      {waiting > 0 && (
        <>
          {" · "}
          <Link to="/approvals" className="font-medium text-foreground underline underline-offset-4 hover:text-primary">
            {waiting} {waiting === 1 ? "request" : "requests"} waiting for approval
          </Link>
        </>
      )}
    </p>
  );
}
