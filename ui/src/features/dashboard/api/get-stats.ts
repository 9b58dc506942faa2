import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Stats } from "@crm/contracts/lead/lead";
import { apiGet } from "@/lib/api-client";

/** GET /api/stats: key ["stats"], refreshed by the "stats" live topic. */
export const statsQueryOptions = queryOptions({
  queryKey: ["stats"],
  queryFn: ({ signal }) => apiGet<Partial<Stats>>("/api/stats", signal),
});

/** The four dashboard counters (any may be missing). */
export function useStats() {
  return useQuery(statsQueryOptions);
}
