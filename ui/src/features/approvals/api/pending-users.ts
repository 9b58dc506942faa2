import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "@/lib/api-client";
import type { User } from "@/lib/session";
import { toast } from "@/lib/toast";

/** A waiting request; previousRejectionAt is set when it re-applies after a rejection. */
export interface PendingUser extends User {
  previousRejectionAt?: string | null;
}

/** GET /api/users/pending: refetched on mount and on focus, never fresh (docs/product.md, "Approvals"). */
export const pendingUsersQueryOptions = queryOptions({
  queryKey: ["users", "pending"],
  queryFn: async ({ signal }) => (await apiGet<PendingUser[]>("/api/users/pending", signal)) ?? [],
  staleTime: 0,
  refetchOnMount: "always",
  refetchOnWindowFocus: "always",
});

/** The access requests waiting for a Partner. */
export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions);
}

function useDecision(
  decide: (user: User) => Promise<unknown>,
  onDone: (user: User) => void,
  failure: { title: string; description: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSuccess: (_result, user) => {
      // The request leaves the list at once; the live "users" notice confirms it.
      queryClient.setQueryData<PendingUser[]>(pendingUsersQueryOptions.queryKey, (users) => users?.filter((u) => u.id !== user.id));
      void queryClient.invalidateQueries({ queryKey: ["users"] });
      onDone(user);
    },
    onError: () => toast({ variant: "destructive", ...failure }),
  });
}

/** POST /api/users/{id}/approve. */
export function useApproveUser() {
  return useDecision(
    (user) => apiRequest("POST", `/api/users/${user.id}/approve`),
    (user) => toast({ title: "User Approved", description: `${user.displayName} can now access the system.` }),
    { title: "Approval Failed", description: "Failed to approve user. Please try again." },
  );
}

/** DELETE /api/users/{id}/reject. */
export function useRejectUser() {
  return useDecision(
    (user) => apiRequest("DELETE", `/api/users/${user.id}/reject`),
    (user) => toast({ title: "User Rejected", description: `${user.displayName}'s access request has been removed.` }),
    { title: "Rejection Failed", description: "Failed to reject user. Please try again." },
  );
}
