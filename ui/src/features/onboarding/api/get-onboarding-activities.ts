import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { OnboardingActivity } from "@crm/contracts/onboarding/answers";
import { apiGet } from "@/lib/api-client";

const OnboardingActivities = z.array(OnboardingActivity);

/** GET /api/onboarding/activities?limit=: key ["onboarding", "activities", limit], refreshed by the "onboarding" topic. */
export function onboardingActivitiesQueryOptions(limit = 10) {
  return queryOptions({
    queryKey: ["onboarding", "activities", limit],
    queryFn: async ({ signal }) => (await apiGet(`/api/onboarding/activities?limit=${limit}`, OnboardingActivities, signal)) ?? [],
  });
}

/** The latest onboarding activities across every client in onboarding. */
export function useOnboardingActivities(limit = 10) {
  return useQuery(onboardingActivitiesQueryOptions(limit));
}
