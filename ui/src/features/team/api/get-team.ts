import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { TeamMember } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

const Team = z.array(TeamMember);

/**
 * GET /api/users/team: every account (invited, waiting, active, deactivated). Under ["users"], so the
 * live "users" topic refetches it; refetched on mount and focus like the approvals list.
 */
export const teamQueryOptions = queryOptions({
  queryKey: ["users", "team"],
  queryFn: async ({ signal }) => (await apiGet("/api/users/team", Team, signal)) ?? [],
  staleTime: 0,
  refetchOnMount: "always",
  refetchOnWindowFocus: "always",
});

export function useTeam() {
  return useQuery(teamQueryOptions);
}

/** After a change to an account: the team, the approvals list and, when it was one's own, the session. */
export function refreshTeam(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ["users"] });
  void queryClient.invalidateQueries({ queryKey: ["me"] });
}
