import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import { Meeting } from "@crm/contracts/meeting/answers";
import { apiGet } from "@/lib/api-client";

/** What the route answers (read-api meetings.routes: an array of the contract's Meeting). */
const LeadMeetings = array(Meeting);

/** GET /api/meetings?leadId=: key ["meetings", leadId], refreshed by the "meetings:<id>" topic. */
export function leadMeetingsQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["meetings", leadId],
    queryFn: async ({ signal }) => (await apiGet(`/api/meetings?leadId=${encodeURIComponent(leadId)}`, LeadMeetings, signal)) ?? [],
  });
}

/** The lead's meetings. */
export function useLeadMeetings(leadId: string) {
  return useQuery(leadMeetingsQueryOptions(leadId));
}
