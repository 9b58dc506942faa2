import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { TeamMember } from "@crm/contracts/user/answers";
import { RoleBadge } from "@/components/role-badge";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { useIsMobile } from "@/lib/use-mobile";
import { cn, initials } from "@/lib/utils";
import { formatDateTime } from "@/lib/format";
import { isPast, timeFromNow } from "../utils/times.ts";
import { MemberActions, type MemberDialog } from "./member-actions.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { useTimeZone } from "@/api/use-time-zone";

export interface TeamListProps {
  members: readonly TeamMember[];
  selfId: string | undefined;
  /** Opens a member's dialog; absent for a reader who changes nothing (an Auditor): no row actions. */
  onOpen: ((dialog: MemberDialog, member: TeamMember) => void) | undefined;
}

/** The team as a table; on a phone-width screen, as a list of stacked cards. */
export function TeamList(props: TeamListProps) {
  return useIsMobile() ? <TeamCards {...props} /> : <TeamTable {...props} />;
}

function TeamTable({ members, selfId, onOpen }: TeamListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Team members</caption>
        <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Last sign-in
            </th>
            <th scope="col" className="px-4 py-2.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id} className={cn("border-b last:border-b-0", member.status === "deactivated" && "text-muted-foreground")}>
              <td className="px-4 py-3">
                <Identity member={member} isSelf={member.id === selfId} />
              </td>
              <td className="px-4 py-3">
                <RoleBadge role={member.role} />
              </td>
              <td className="px-4 py-3">
                <Status member={member} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <LastSignIn member={member} />
              </td>
              <td className="px-4 py-3 text-right">
                <RowAction member={member} isSelf={member.id === selfId} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TeamCards({ members, selfId, onOpen }: TeamListProps) {
  return (
    <ul className="grid gap-3" aria-label="Team members">
      {members.map((member) => (
        <li
          key={member.id}
          className={cn("grid gap-3 rounded-xl border bg-card p-4", member.status === "deactivated" && "text-muted-foreground")}
        >
          <div className="flex items-start justify-between gap-2">
            <Identity member={member} isSelf={member.id === selfId} />
            <RowAction member={member} isSelf={member.id === selfId} onOpen={onOpen} compact />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <RoleBadge role={member.role} />
            <Status member={member} />
          </div>
          <p className="text-xs text-muted-foreground">
            Last sign-in: <LastSignIn member={member} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function Identity({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar className="size-9">
        <AvatarFallback className="text-xs">{initials(member.displayName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0">
        <p className="truncate font-medium text-foreground">
          {member.displayName}
          {isSelf && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={member.email}>
          {member.email}
        </p>
      </div>
    </div>
  );
}

function Status({ member }: { member: TeamMember }) {
  const zone = useTimeZone();
  const expires = member.status === "invited" ? member.inviteExpiresAt : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusBadge status={member.status} />
      {expires && (
        <time
          dateTime={expires}
          title={formatDateTime(expires, zone)}
          className={cn("text-xs", isPast(expires) ? "font-medium text-destructive" : "text-muted-foreground")}
        >
          {isPast(expires) ? `Link expired ${timeFromNow(expires)}` : `Link expires ${timeFromNow(expires)}`}
        </time>
      )}
    </span>
  );
}

function LastSignIn({ member }: { member: TeamMember }) {
  const zone = useTimeZone();
  if (!member.lastSignInAt) return <span className="text-muted-foreground">Never</span>;
  return (
    <time dateTime={member.lastSignInAt} title={formatDateTime(member.lastSignInAt, zone)}>
      {timeFromNow(member.lastSignInAt)}
    </time>
  );
}

/** The row's menu, or for an access request the way to /approvals where it is answered. */
function RowAction({
  member,
  isSelf,
  onOpen,
  compact,
}: {
  member: TeamMember;
  isSelf: boolean;
  onOpen: TeamListProps["onOpen"];
  compact?: boolean;
}) {
  if (member.status === "pending") {
    return (
      <Button variant="outline" size="sm" className={cn(compact && "shrink-0")} asChild>
        <Link to="/approvals" aria-label={`Review ${member.displayName}'s request on Approvals`}>
          Review
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  return onOpen ? <MemberActions member={member} isSelf={isSelf} onOpen={onOpen} /> : null;
}
