import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { TeamMember } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

const Team = z.array(TeamMember);

/**
 * GET /api/users/team: every account, deactivated ones included (an audit asks about former colleagues
 * too), under the team's own key ["users", "team"] so the "users" live topic and the Team page share it.
 */
export const peopleQueryOptions = queryOptions({
  queryKey: ["users", "team"],
  queryFn: async ({ signal }) => (await apiGet("/api/users/team", Team, signal)) ?? [],
});

/** The people the person filter offers. */
export function usePeople() {
  return useQuery(peopleQueryOptions);
}
