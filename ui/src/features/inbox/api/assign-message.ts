import { useMutation, useQueryClient } from "@tanstack/react-query";
import { InboundAssignedAnswer, type InboxMessage } from "@crm/contracts/inbound/answers";
import { apiRequest } from "@/lib/api-client";
import { inboxQueryOptions } from "./get-inbox.ts";

/** POST /api/inbox/{id}/assign {leadId}: the message leaves the inbox at once and joins the lead's conversation. */
export function useAssignMessage(message: InboxMessage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { leadId: string }) =>
      apiRequest("POST", `/api/inbox/${encodeURIComponent(message.id)}/assign`, body, InboundAssignedAnswer),
    onSuccess: (answer) => {
      queryClient.setQueryData(inboxQueryOptions.queryKey, (messages) => messages?.filter((m) => m.id !== message.id));
      void queryClient.invalidateQueries({ queryKey: ["inbox"] });
      void queryClient.invalidateQueries({ queryKey: ["conversation", answer.leadId] });
      void queryClient.invalidateQueries({ queryKey: ["activities", answer.leadId] });
    },
  });
}
