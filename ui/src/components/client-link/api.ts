import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ClientLinkCreated, ClientLinkRevokedResult, ClientLinkStatus } from "@crm/contracts/client-link/client-link";
import { apiGet, apiRequest } from "@/lib/api-client";

const path = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/client-link`;

/** GET /api/leads/{id}/client-link: the lead's live questionnaire link, without its token (decisions/038). */
export function clientLinkQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["client-link", leadId],
    queryFn: async ({ signal }) => {
      const answer = await apiGet<unknown>(path(leadId), signal);
      return answer === null ? null : ClientLinkStatus.parse(answer);
    },
  });
}

/** The lead's live client link, or null when signed out. */
export function useClientLink(leadId: string) {
  return useQuery(clientLinkQueryOptions(leadId));
}

function useRefreshAfter(leadId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["client-link", leadId] }),
      queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
    ]);
}

/** POST /api/leads/{id}/client-link: a new link, whose URL the answer carries this once. */
export function useCreateClientLink(leadId: string) {
  const refresh = useRefreshAfter(leadId);
  return useMutation({
    mutationFn: async () => ClientLinkCreated.parse(await apiRequest("POST", path(leadId), { purpose: "questionnaire" })),
    onSuccess: () => void refresh(),
  });
}

/** DELETE /api/leads/{id}/client-link: the live link stops working. */
export function useRevokeClientLink(leadId: string) {
  const refresh = useRefreshAfter(leadId);
  return useMutation({
    mutationFn: async () => ClientLinkRevokedResult.parse(await apiRequest("DELETE", path(leadId))),
    onSuccess: () => void refresh(),
  });
}
