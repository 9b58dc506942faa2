import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { Meeting } from "@crm/contracts/meeting/answers";
import type { RescheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { apiRequest } from "@/lib/api-client";

/** What both routes answer (command-service meeting.routes, 200): the meeting with its version and log position. */
const ChangedMeeting = positioned(Meeting);

/** After a change: the lead's meetings, its timeline and the lead refresh. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return (leadId: string) => {
    for (const queryKey of [
      ["meetings", leadId],
      ["activities", leadId],
      ["lead", leadId],
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}

/** PATCH /api/meetings/{id}: new times; the invitees get an updated invite (a higher SEQUENCE). */
export function useRescheduleMeeting() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; leadId: string; body: RescheduleMeetingBody }) =>
      apiRequest("PATCH", `/api/meetings/${encodeURIComponent(id)}`, body, ChangedMeeting),
    onSuccess: (_answer, { leadId }) => refresh(leadId),
  });
}

/** POST /api/meetings/{id}/cancel: the invitees get a cancellation. */
export function useCancelMeeting() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id }: { id: string; leadId: string }) =>
      apiRequest("POST", `/api/meetings/${encodeURIComponent(id)}/cancel`, {}, ChangedMeeting),
    onSuccess: (_answer, { leadId }) => refresh(leadId),
  });
}
