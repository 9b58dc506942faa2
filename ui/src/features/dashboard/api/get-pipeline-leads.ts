import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { Lead } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";

const Leads = z.array(Lead);

/** GET /api/leads, the whole pipeline, for the charts (same key as the board's unfiltered list). */
export const pipelineLeadsQueryOptions = queryOptions({
  queryKey: ["leads", {}],
  queryFn: async ({ signal }) => (await apiGet("/api/leads", Leads, signal)) ?? [],
});

/** Every lead, when the role may see leads. */
export function usePipelineLeads(enabled: boolean) {
  return useQuery({ ...pipelineLeadsQueryOptions, enabled });
}
