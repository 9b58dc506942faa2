import { queryOptions, useQuery } from "@tanstack/react-query";
import { ConversationAnswer } from "@crm/contracts/inbound/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/leads/{id}/conversation: key ["conversation", leadId], refreshed by the "conversation:<id>" topic. */
export function conversationQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["conversation", leadId],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/leads/${encodeURIComponent(leadId)}/conversation`, ConversationAnswer, signal)) ?? [],
  });
}

/** The lead's mail thread, oldest first: what we sent and what came in. */
export function useConversation(leadId: string, enabled = true) {
  return useQuery({ ...conversationQueryOptions(leadId), enabled });
}
