import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { PendingUser } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

const PendingUsers = z.array(PendingUser);

/** GET /api/users/pending: refetched on mount and on focus, never fresh (docs/product.md, "Approvals"). */
export const pendingUsersQueryOptions = queryOptions({
  queryKey: ["users", "pending"],
  queryFn: async ({ signal }) => (await apiGet("/api/users/pending", PendingUsers, signal)) ?? [],
  staleTime: 0,
  refetchOnMount: "always",
  refetchOnWindowFocus: "always",
});

/** The access requests waiting for a Partner. */
export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions);
}

/** After an approval or a rejection the request leaves the list at once; the live "users" notice confirms it. */
export function removePending(queryClient: QueryClient, user: PendingUser) {
  queryClient.setQueryData(pendingUsersQueryOptions.queryKey, (users) => users?.filter((u) => u.id !== user.id));
  void queryClient.invalidateQueries({ queryKey: ["users"] });
}
