import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiGet } from "@/lib/api-client";

export interface LeadsFilter {
  search?: string;
}

function leadsUrl(filter: LeadsFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set("search", filter.search);
  const query = params.toString();
  return query ? `/api/leads?${query}` : "/api/leads";
}

/** GET /api/leads[?search=]: key ["leads", filter], refreshed by the "leads" live topic. */
export function leadsQueryOptions(filter: LeadsFilter = {}) {
  return queryOptions({
    queryKey: ["leads", filter],
    queryFn: async ({ signal }) => (await apiGet<Lead[]>(leadsUrl(filter), signal)) ?? [],
  });
}

/** The leads matching the filter. */
export function useLeads(filter: LeadsFilter = {}, enabled = true) {
  return useQuery({ ...leadsQueryOptions(filter), enabled });
}
