import { UserCheck } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { usePendingUsers } from "../api/get-pending-users.ts";
import { PendingUserCard } from "./pending-user-card.tsx";

/** /approvals: the grid of pending access requests. */
export function ApprovalsPage() {
  const pending = usePendingUsers();
  return (
    <>
      <PageHeader title="User Approvals" description="People waiting for access to the CRM. Approve those you know; reject the rest." />
      <PendingList query={pending} />
    </>
  );
}

function PendingList({ query }: { query: ReturnType<typeof usePendingUsers> }) {
  if (query.error) return <ErrorState title="Could not load pending requests" error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading pending requests">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={UserCheck}
        title="No Pending Approvals"
        description="Everyone who asked for access has been dealt with. New requests appear here as they arrive."
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Pending access requests">
      {query.data.map((user) => (
        <li key={user.id}>
          <PendingUserCard user={user} />
        </li>
      ))}
    </ul>
  );
}
