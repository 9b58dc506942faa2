import { queryOptions, useQuery } from "@tanstack/react-query";
import { LeadHistory } from "@crm/contracts/history/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/leads/{id}/history under ["lead", id, "history"], so the "lead:<id>" live topic refreshes it. */
export function leadHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["lead", id, "history"],
    queryFn: ({ signal }) => apiGet(`/api/leads/${encodeURIComponent(id)}/history`, LeadHistory, signal),
  });
}

/** The lead's history, every event of it and its related streams (asked only when enabled: Partners and Project Managers read it). */
export function useLeadHistory(id: string, enabled = true) {
  return useQuery({ ...leadHistoryQueryOptions(id), enabled });
}
