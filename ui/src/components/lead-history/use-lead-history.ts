import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EraseLeadResult } from "@crm/contracts/erasure/erasure";
import type { LeadHistory } from "@crm/contracts/history/history";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiGet, apiRequest } from "@/lib/api-client";

const leadPath = (id: string) => `/api/leads/${encodeURIComponent(id)}`;

/** GET /api/leads/{id}/history under ["lead", id, "history"], so the "lead:<id>" live topic refreshes it. */
export function leadHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["lead", id, "history"],
    queryFn: ({ signal }) => apiGet<LeadHistory>(`${leadPath(id)}/history`, signal),
  });
}

/** The lead's history, every event of it and its related streams. */
export function useLeadHistory(id: string) {
  return useQuery(leadHistoryQueryOptions(id));
}

/** GET /api/leads/{id}?asOf=<position>: the lead replayed to that point; a past state never changes, so it stays cached. */
export function useLeadAsOf(id: string, position: string | undefined) {
  return useQuery({
    queryKey: ["lead-as-of", id, position],
    queryFn: ({ signal }) => apiGet<Lead>(`${leadPath(id)}?asOf=${encodeURIComponent(position!)}`, signal),
    enabled: position !== undefined,
    staleTime: Infinity,
  });
}

/** POST /api/leads/{id}/erase: every read model changes, so every query is refreshed. */
export function useEraseLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }) =>
      apiRequest<EraseLeadResult>("POST", `${leadPath(id)}/erase`, { confirmation }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["lead-as-of"] });
      void queryClient.invalidateQueries();
    },
  });
}
