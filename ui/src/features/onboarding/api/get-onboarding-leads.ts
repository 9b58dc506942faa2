import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { Lead } from "@crm/contracts/lead/answers";
import { ONBOARDING_STAGES } from "@crm/contracts/lead/stages";
import { apiGet } from "@/lib/api-client";

const Leads = z.array(Lead);

/** The leads in an onboarding stage (Contract Signed through Active), from GET /api/leads. */
export const onboardingLeadsQueryOptions = queryOptions({
  queryKey: ["leads", {}],
  queryFn: async ({ signal }) => (await apiGet("/api/leads", Leads, signal)) ?? [],
  select: (leads: Lead[]) => leads.filter((lead) => ONBOARDING_STAGES.includes(lead.stage)),
});

/** Clients being onboarded. */
export function useOnboardingLeads() {
  return useQuery(onboardingLeadsQueryOptions);
}
