import { queryOptions, useQuery } from "@tanstack/react-query";
import { Profile } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/profile: what the signed-in person may change about themselves (null when signed out). */
export const profileQueryOptions = queryOptions({
  queryKey: ["profile"],
  queryFn: ({ signal }) => apiGet("/api/profile", Profile, signal),
  staleTime: 0,
  refetchOnMount: "always",
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
