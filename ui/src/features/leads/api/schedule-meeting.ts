import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import type { ScheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { Meeting } from "@crm/contracts/meeting/answers";
import { apiRequest } from "@/lib/api-client";

/** What the route answers (command-service meeting.routes, 201): the meeting with its version and log position. */
const ScheduledMeeting = positioned(Meeting);

/** POST /api/meetings; then the lead's meetings and activities, the lead and the board refresh (docs/product.md, "Live updates"). */
export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleMeetingBody) => apiRequest("POST", "/api/meetings", body, ScheduledMeeting),
    onSuccess: (_answer, body) => {
      for (const queryKey of [["meetings", body.leadId], ["activities", body.leadId], ["lead", body.leadId], ["leads"]]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
