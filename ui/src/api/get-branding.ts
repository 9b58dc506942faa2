import { queryOptions, useQuery } from "@tanstack/react-query";
import { Branding } from "@crm/contracts/settings/settings";
import { apiGet } from "@/lib/api-client";

/** GET /api/branding (public): the agency's name and logo for the screens shown before signing in. */
export const brandingQueryOptions = queryOptions({
  queryKey: ["branding"],
  queryFn: ({ signal }) => apiGet("/api/branding", Branding, signal),
});

/** The agency's name and logo, for the sign-in frame and the public questionnaire. */
export function useBranding() {
  return useQuery(brandingQueryOptions);
}
