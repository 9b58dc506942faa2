import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { User } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

const Staff = z.array(User);

/** GET /api/users: the approved staff, under ["users"] so a change on the Team page reaches it. */
export const staffQueryOptions = queryOptions({
  queryKey: ["users", "staff"],
  queryFn: async ({ signal }) => (await apiGet("/api/users", Staff, signal)) ?? [],
  staleTime: 60_000,
});

/** The approved staff: the names of the leads' owners, and who may own one (the leads board, the Reports page). */
export function useStaff(enabled = true) {
  return useQuery({ ...staffQueryOptions, enabled });
}
