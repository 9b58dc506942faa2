import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Activity } from "@crm/contracts/activity/activity";
import { apiGet } from "@/lib/api-client";

/** GET /api/activities?leadId=: key ["activities", leadId], refreshed by the "activities:<id>" topic. */
export function leadActivitiesQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["activities", leadId],
    queryFn: async ({ signal }) => (await apiGet<Activity[]>(`/api/activities?leadId=${encodeURIComponent(leadId)}`, signal)) ?? [],
  });
}

/** The lead's timeline, newest first. */
export function useLeadActivities(leadId: string) {
  return useQuery(leadActivitiesQueryOptions(leadId));
}
