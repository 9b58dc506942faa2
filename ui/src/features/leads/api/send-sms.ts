import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LeadMessageAccepted } from "@crm/contracts/messaging/accepted";
import type { SendSmsBody } from "@crm/contracts/messaging/commands";
import { apiRequest } from "@/lib/api-client";

/** POST /api/leads/{id}/send-sms {message}: the answer is the queued text; the timeline then refreshes. */
export function useSendLeadSms(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendSmsBody) => apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/send-sms`, body, LeadMessageAccepted),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
  });
}
