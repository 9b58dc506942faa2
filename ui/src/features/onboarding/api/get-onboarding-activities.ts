import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OnboardingActivity } from "@crm/contracts/onboarding/onboarding";
import { apiGet } from "@/lib/api-client";

/** GET /api/onboarding/activities?limit=: key ["onboarding", "activities", limit], refreshed by the "onboarding" topic. */
export function onboardingActivitiesQueryOptions(limit = 10) {
  return queryOptions({
    queryKey: ["onboarding", "activities", limit],
    queryFn: async ({ signal }) => (await apiGet<OnboardingActivity[]>(`/api/onboarding/activities?limit=${limit}`, signal)) ?? [],
  });
}

/** The latest onboarding activities across every client in onboarding. */
export function useOnboardingActivities(limit = 10) {
  return useQuery(onboardingActivitiesQueryOptions(limit));
}
