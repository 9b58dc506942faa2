import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LeadMessageAccepted } from "@crm/contracts/messaging/accepted";
import type { SendLeadEmailBody } from "@crm/contracts/messaging/commands";
import { apiRequest } from "@/lib/api-client";

/**
 * POST /api/leads/{id}/send-email {subject, message, inReplyTo?}: the answer is the queued message; the
 * timeline and the conversation then refresh.
 */
export function useSendLeadEmail(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendLeadEmailBody) =>
      apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/send-email`, body, LeadMessageAccepted),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["activities", leadId] });
      void queryClient.invalidateQueries({ queryKey: ["conversation", leadId] });
    },
  });
}
