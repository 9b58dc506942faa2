import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiGet } from "@/lib/api-client";

/** GET /api/leads/{id}: key ["lead", id], refreshed by the "lead:<id>" live topic. */
export function leadQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["lead", id],
    queryFn: ({ signal }) => apiGet<Lead>(`/api/leads/${encodeURIComponent(id)}`, signal),
  });
}

/** One lead. */
export function useLead(id: string) {
  return useQuery(leadQueryOptions(id));
}
