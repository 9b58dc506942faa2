import { queryOptions, useQuery } from "@tanstack/react-query";
import { Stats } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/stats: key ["stats"], refreshed by the "stats" live topic. */
export const statsQueryOptions = queryOptions({
  queryKey: ["stats"],
  queryFn: ({ signal }) => apiGet("/api/stats", Stats, signal),
});

/** The four dashboard counters. */
export function useStats() {
  return useQuery(statsQueryOptions);
}
