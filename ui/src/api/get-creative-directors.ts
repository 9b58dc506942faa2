import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { User } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

const Directors = z.array(User);

/** GET /api/users/creative-directors: approved users with the Creative Director role. */
export const creativeDirectorsQueryOptions = queryOptions({
  queryKey: ["users", "creative-directors"],
  queryFn: async ({ signal }) => (await apiGet("/api/users/creative-directors", Directors, signal)) ?? [],
});

/** The directors the edit form can assign. */
export function useCreativeDirectors(enabled = true) {
  return useQuery({ ...creativeDirectorsQueryOptions, enabled });
}
