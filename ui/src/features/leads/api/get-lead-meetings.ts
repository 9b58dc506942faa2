import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Meeting } from "@crm/contracts/meeting/meeting";
import { apiGet } from "@/lib/api-client";

/** GET /api/meetings?leadId=: key ["meetings", leadId], refreshed by the "meetings:<id>" topic. */
export function leadMeetingsQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["meetings", leadId],
    queryFn: async ({ signal }) => (await apiGet<Meeting[]>(`/api/meetings?leadId=${encodeURIComponent(leadId)}`, signal)) ?? [],
  });
}

/** The lead's meetings. */
export function useLeadMeetings(leadId: string) {
  return useQuery(leadMeetingsQueryOptions(leadId));
}
