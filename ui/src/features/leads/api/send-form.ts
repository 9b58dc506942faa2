import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LeadMessageAccepted } from "@crm/contracts/messaging/accepted";
import type { SendFormBody } from "@crm/contracts/messaging/commands";
import { apiRequest } from "@/lib/api-client";

export type SendFormInput = SendFormBody & { leadId: string };

/**
 * POST /api/leads/{id}/send-form: the server composes the branded form mail and answers the queued message
 * (docs/decisions/008-meetings-and-messages-delivered-by-reactors.md).
 */
export function useSendForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, ...body }: SendFormInput) =>
      apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/send-form`, body, LeadMessageAccepted),
    // The mail carries a new client link, which replaced the lead's earlier one (decisions/038).
    onSuccess: (_answer, { leadId }) =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
        queryClient.invalidateQueries({ queryKey: ["client-link", leadId] }),
      ]),
  });
}
