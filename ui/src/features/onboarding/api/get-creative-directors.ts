import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import type { User } from "@/lib/session";

/** GET /api/users/creative-directors: approved users with the Creative Director role. */
export const creativeDirectorsQueryOptions = queryOptions({
  queryKey: ["users", "creative-directors"],
  queryFn: async ({ signal }) => (await apiGet<User[]>("/api/users/creative-directors", signal)) ?? [],
});

/** The directors a client can be assigned to. */
export function useCreativeDirectors(enabled = true) {
  return useQuery({ ...creativeDirectorsQueryOptions, enabled });
}
