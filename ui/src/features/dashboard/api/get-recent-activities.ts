import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { Activity } from "@crm/contracts/activity/activity";
import { apiGet } from "@/lib/api-client";

/** docs/product.md, "Limits and constants": the dashboard shows the 10 newest activities. */
export const RECENT_ACTIVITY_LIMIT = 10;

const Activities = z.array(Activity);

/** GET /api/activities/recent?limit=10: key ["activities", "recent"], refreshed by the "activities" topic. */
export const recentActivitiesQueryOptions = queryOptions({
  queryKey: ["activities", "recent"],
  queryFn: async ({ signal }) => (await apiGet(`/api/activities/recent?limit=${RECENT_ACTIVITY_LIMIT}`, Activities, signal)) ?? [],
});

/** The newest activities across all leads. */
export function useRecentActivities() {
  return useQuery(recentActivitiesQueryOptions);
}
