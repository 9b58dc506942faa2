import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { apiRequest } from "@/lib/api-client";

/** POST /api/meetings; then the lead's meetings and activities, the lead and the board refresh (docs/product.md, "Live updates"). */
export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleMeetingBody) => apiRequest("POST", "/api/meetings", body),
    onSuccess: (_answer, body) => {
      for (const queryKey of [["meetings", body.leadId], ["activities", body.leadId], ["lead", body.leadId], ["leads"]]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
