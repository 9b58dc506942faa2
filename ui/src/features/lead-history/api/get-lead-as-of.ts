import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { Lead } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";

/**
 * GET /api/leads/{id}?asOf=<position>: the lead replayed to that point. A past state never
 * changes, so it stays cached; with no position yet, nothing is asked.
 */
export function leadAsOfQueryOptions(id: string, position: string | undefined) {
  return queryOptions({
    queryKey: ["lead-as-of", id, position],
    queryFn:
      position === undefined
        ? skipToken
        : ({ signal }) => apiGet(`/api/leads/${encodeURIComponent(id)}?asOf=${encodeURIComponent(position)}`, Lead, signal),
    staleTime: Infinity,
  });
}

/** The lead as it was at a position of the log. */
export function useLeadAsOf(id: string, position: string | undefined) {
  return useQuery(leadAsOfQueryOptions(id, position));
}
