import { Check, X } from "lucide-react";
import { useState } from "react";
import type { PendingUser } from "@crm/contracts/user/answers";
import { RoleBadge } from "@/components/role-badge";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { useMayChange } from "@/lib/session";
import { initials } from "@/lib/utils";
import { lazyDialog } from "@/components/lazy-dialog";
import { useApproveUser } from "../api/approve-user.ts";
import { useTimeZone } from "@/api/use-time-zone";

// The confirmation loads its code the first time it opens.
const RejectDialog = lazyDialog(() => import("./reject-dialog.tsx").then((m) => m.RejectDialog));

/** One access request with Approve and Reject (which asks first); a re-application says when the person was rejected. */
export function PendingUserCard({ user }: { user: PendingUser }) {
  const zone = useTimeZone();
  const approve = useApproveUser();
  const [rejecting, setRejecting] = useState(false);
  const busy = approve.isPending || rejecting;
  // An Auditor reads the requests; approving and rejecting are a Partner's.
  const changes = useMayChange();
  return (
    <Card className="gap-4 py-5" aria-labelledby={`pending-${user.id}`}>
      <CardContent className="flex items-start gap-3 px-5">
        <Avatar className="size-10">
          <AvatarFallback>{initials(user.displayName)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={`pending-${user.id}`} className="truncate font-semibold">
            {user.displayName}
          </h2>
          <p className="truncate text-sm text-muted-foreground" title={user.email}>
            {user.email}
          </p>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <RoleBadge role={user.role} />
            <span className="text-xs text-muted-foreground">Requested {formatDate(user.requestedAt, zone)}</span>
          </div>
          {user.previousRejectionAt && (
            <p className="text-xs font-medium text-amber-700 dark:text-amber-400">
              Re-application (rejected on {formatDate(user.previousRejectionAt, zone)})
            </p>
          )}
        </div>
      </CardContent>
      {changes && (
        <CardFooter className="gap-2 px-5">
          <Button
            className="flex-1"
            size="sm"
            onClick={() => approve.mutate(user)}
            disabled={busy}
            aria-label={`Approve ${user.displayName}`}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            className="flex-1"
            size="sm"
            variant="outline"
            onClick={() => setRejecting(true)}
            disabled={busy}
            aria-label={`Reject ${user.displayName}`}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        </CardFooter>
      )}
      {changes && <RejectDialog user={user} open={rejecting} onOpenChange={setRejecting} />}
    </Card>
  );
}
