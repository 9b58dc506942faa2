import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LogActivityBody } from "@crm/contracts/activity/commands";
import { CommandResult } from "@crm/contracts/api/command-result";
import { apiRequest } from "@/lib/api-client";

/** POST /api/leads/{id}/activities: a call, note, proposal or contract logged on the lead; its timeline and history then refresh. */
export function useLogActivity(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LogActivityBody) => apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/activities`, body, CommandResult),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["activities", leadId] });
      void queryClient.invalidateQueries({ queryKey: ["lead", leadId] });
    },
  });
}
