import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import { Activity } from "@crm/contracts/activity/activity";
import { apiGet } from "@/lib/api-client";

/** What the route answers (read-api activities.routes: an array of the contract's Activity). */
const LeadActivities = array(Activity);

/** GET /api/activities?leadId=: key ["activities", leadId], refreshed by the "activities:<id>" topic. */
export function leadActivitiesQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["activities", leadId],
    queryFn: async ({ signal }) => (await apiGet(`/api/activities?leadId=${encodeURIComponent(leadId)}`, LeadActivities, signal)) ?? [],
  });
}

/** The lead's timeline, newest first. */
export function useLeadActivities(leadId: string) {
  return useQuery(leadActivitiesQueryOptions(leadId));
}
