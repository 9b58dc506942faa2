import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import { Lead } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";

const Leads = array(Lead);

/** GET /api/leads?search=: the leads whose name, business or email match, under the leads list's key (["leads", { search }]). */
function leadSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: ["leads", { search }],
    queryFn: async ({ signal }) => (await apiGet(`/api/leads?search=${encodeURIComponent(search)}`, Leads, signal)) ?? [],
  });
}

/** Open leads matching what was typed; nothing is asked until something is. */
export function useLeadSearch(search: string) {
  return useQuery({ ...leadSearchQueryOptions(search), enabled: search.length > 0 });
}
