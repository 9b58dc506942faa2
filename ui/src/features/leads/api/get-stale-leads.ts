import { queryOptions, useQuery } from "@tanstack/react-query";
import { StaleLeads } from "@crm/contracts/reports/reports";
import { useSettings } from "@/api/get-settings";
import { apiGet } from "@/lib/api-client";

/**
 * GET /api/leads/stale, unfiltered: every open lead gone quiet for longer than its stage allows.
 * Key ["reports", "stale", {}, version]: the "reports" topic refreshes it as activity is logged, and
 * the settings' version is part of it because the limits live there (a Partner's new limit, here or
 * in another tab, asks again).
 */
export function staleLeadsQueryOptions(settingsVersion: number) {
  return queryOptions({
    queryKey: ["reports", "stale", {}, settingsVersion],
    queryFn: async ({ signal }) => (await apiGet("/api/leads/stale", StaleLeads, signal)) ?? { leads: [] },
  });
}

/** The stale leads the board flags; one list for every filter, since a flag depends on the lead alone. */
export function useStaleLeads(enabled = true) {
  const version = useSettings().data?.version;
  return useQuery({ ...staleLeadsQueryOptions(version ?? 0), enabled: enabled && version !== undefined });
}
