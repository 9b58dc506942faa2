import { queryOptions, useQuery } from "@tanstack/react-query";
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
