import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { Lead } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/leads/{id}: key ["lead", id], refreshed by the "lead:<id>" live topic. */
export function leadQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["lead", id],
    queryFn: ({ signal }) => apiGet(`/api/leads/${encodeURIComponent(id)}`, Lead, signal),
  });
}

/** One lead. */
export function useLead(id: string) {
  return useQuery(leadQueryOptions(id));
}

/**
 * Starts reading the lead as soon as /lead/{id} is navigated to (its route's loader), so the request
 * runs while the page's code loads, not after: the lead's name is the page's largest paint.
 */
export function prefetchLead(queryClient: QueryClient, id: string): void {
  void queryClient.prefetchQuery(leadQueryOptions(id));
}
