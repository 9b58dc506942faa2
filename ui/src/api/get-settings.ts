import { queryOptions, useQuery } from "@tanstack/react-query";
import { AgencySettings } from "@crm/contracts/settings/settings";
import { apiGet } from "@/lib/api-client";

/** GET /api/settings (every approved colleague): key ["settings"], which a "settings" live topic refreshes. */
export const settingsQueryOptions = queryOptions({
  queryKey: ["settings"],
  queryFn: ({ signal }) => apiGet("/api/settings", AgencySettings, signal),
});

/** The agency's settings: the Settings page's values, the shell's name and logo. */
export function useSettings(enabled = true) {
  return useQuery({ ...settingsQueryOptions, enabled });
}
