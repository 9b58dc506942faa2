import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiGet } from "@/lib/api-client";

/** GET /api/leads, the whole pipeline, for the charts (same key as the board's unfiltered list). */
export const pipelineLeadsQueryOptions = queryOptions({
  queryKey: ["leads", {}],
  queryFn: async ({ signal }) => (await apiGet<Lead[]>("/api/leads", signal)) ?? [],
});

/** Every lead, when the role may see leads. */
export function usePipelineLeads(enabled: boolean) {
  return useQuery({ ...pipelineLeadsQueryOptions, enabled });
}
