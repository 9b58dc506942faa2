import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { ClientLinkStatus } from "@crm/contracts/client-link/answers";
import { apiGet } from "@/lib/api-client";

/** The lead's client-link endpoint: GET reads it, POST issues a link, DELETE revokes it. */
export const clientLinkPath = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/client-link`;

/** GET /api/leads/{id}/client-link: the lead's live questionnaire link, without its token (decisions/038). */
export function clientLinkQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["client-link", leadId],
    queryFn: ({ signal }) => apiGet(clientLinkPath(leadId), ClientLinkStatus, signal),
  });
}

/** The lead's live client link, or null when signed out. */
export function useClientLink(leadId: string) {
  return useQuery(clientLinkQueryOptions(leadId));
}

/** After a link is issued or revoked: the live link and the lead's timeline (which records it) are read again. */
export function refreshClientLink(queryClient: QueryClient, leadId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: clientLinkQueryOptions(leadId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
  ]);
}
