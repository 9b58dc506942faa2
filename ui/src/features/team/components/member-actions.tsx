import { MailPlus, MoreHorizontal, ShieldCheck, UserCheck, UserX, XCircle } from "lucide-react";
import type { TeamMember } from "@crm/contracts/user/answers";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useReactivateUser } from "../api/reactivate-user.ts";
import { useRenewInvitation } from "../api/renew-invitation.ts";

/** The dialogs a row's menu opens; the page owns them. */
export type MemberDialog = "role" | "deactivate" | "withdraw";

export interface MemberActionsProps {
  member: TeamMember;
  isSelf: boolean;
  onOpen: (dialog: MemberDialog, member: TeamMember) => void;
}

/**
 * A row's menu, by where the account stands: an active one may change role or be deactivated
 * (not one's own account: a Partner cannot lock themselves out), a deactivated one reactivated,
 * an invitation sent again or withdrawn. Access requests are answered on /approvals.
 */
export function MemberActions({ member, isSelf, onOpen }: MemberActionsProps) {
  const reactivate = useReactivateUser();
  const renew = useRenewInvitation();
  if (member.status === "pending") return null;
  const busy = reactivate.isPending || renew.isPending;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label={`Actions for ${member.displayName}`}
          disabled={busy}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        {member.status === "active" && (
          <>
            <DropdownMenuItem onSelect={() => onOpen("role", member)}>
              <ShieldCheck aria-hidden="true" />
              Change Role
            </DropdownMenuItem>
            {!isSelf && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => onOpen("deactivate", member)}>
                  <UserX aria-hidden="true" />
                  Deactivate
                </DropdownMenuItem>
              </>
            )}
          </>
        )}
        {member.status === "deactivated" && (
          <DropdownMenuItem
            onSelect={() =>
              reactivate.mutate(member.id, {
                onSuccess: () => toast({ title: "Account Reactivated", description: `${member.displayName} can sign in again.` }),
                onError: (error) =>
                  toast({ variant: "destructive", title: "Reactivation Failed", description: errorMessage(error, "Please try again.") }),
              })
            }
          >
            <UserCheck aria-hidden="true" />
            Reactivate
          </DropdownMenuItem>
        )}
        {member.status === "invited" && (
          <>
            <DropdownMenuItem
              onSelect={() =>
                renew.mutate(member.id, {
                  onSuccess: () =>
                    toast({
                      title: "Invitation Sent Again",
                      description: `A new link is on its way to ${member.email}; the earlier one no longer works.`,
                    }),
                  onError: (error) =>
                    toast({ variant: "destructive", title: "Invitation Not Sent", description: errorMessage(error, "Please try again.") }),
                })
              }
            >
              <MailPlus aria-hidden="true" />
              Resend Invitation
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onOpen("withdraw", member)}>
              <XCircle aria-hidden="true" />
              Withdraw Invitation
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
