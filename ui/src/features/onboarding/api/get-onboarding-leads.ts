import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";
import { ONBOARDING_STAGES } from "@crm/contracts/lead/stages";
import { apiGet } from "@/lib/api-client";

/** The leads in an onboarding stage (Contract Signed through Active), from GET /api/leads. */
export const onboardingLeadsQueryOptions = queryOptions({
  queryKey: ["leads", {}],
  queryFn: async ({ signal }) => (await apiGet<Lead[]>("/api/leads", signal)) ?? [],
  select: (leads: Lead[]) => leads.filter((lead) => ONBOARDING_STAGES.includes(lead.stage)),
});

/** Clients being onboarded. */
export function useOnboardingLeads() {
  return useQuery(onboardingLeadsQueryOptions);
}
