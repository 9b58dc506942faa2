import { queryOptions, useQuery } from "@tanstack/react-query";
import { AuditEntityState } from "@crm/contracts/audit/workbench";
import { apiGet } from "@/lib/api-client";

/**
 * GET /api/audit/entities/{streamId}?at=: the entity as its events had made it at that moment. A moment
 * in the past keeps its answer, so it stays cached; with no moment (an unreadable input), nothing is asked.
 */
export function entityStateQueryOptions(streamId: string, at: string | undefined) {
  return queryOptions({
    queryKey: ["audit", "entity", streamId, at],
    queryFn: ({ signal }) =>
      apiGet(`/api/audit/entities/${encodeURIComponent(streamId)}?at=${encodeURIComponent(at!)}`, AuditEntityState, signal),
    enabled: at !== undefined,
    staleTime: Infinity,
  });
}

export function useEntityState(streamId: string, at: string | undefined) {
  return useQuery(entityStateQueryOptions(streamId, at));
}
