import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** POST /api/leads/{id}/send-email {subject, message}. */
export function useSendLeadEmail(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { subject: string; message: string }) =>
      apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/send-email`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
  });
}

/** POST /api/leads/{id}/send-sms {message}. */
export function useSendLeadSms(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string }) => apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/send-sms`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
  });
}
