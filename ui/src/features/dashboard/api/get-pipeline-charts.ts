import { queryOptions, useQuery } from "@tanstack/react-query";
import { PipelineCharts } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";

/**
 * GET /api/stats/pipeline: the charts counted by the server, weeks in the reader's zone. Key
 * ["stats", "pipeline", zone], refreshed by the "stats" live topic with the counters.
 */
export const pipelineChartsQueryOptions = (zone: string) =>
  queryOptions({
    queryKey: ["stats", "pipeline", zone],
    queryFn: ({ signal }) => apiGet(`/api/stats/pipeline?zone=${encodeURIComponent(zone)}`, PipelineCharts, signal),
  });

/** The dashboard's two charts, for the reader's zone. */
export function usePipelineCharts(zone: string) {
  return useQuery(pipelineChartsQueryOptions(zone));
}
