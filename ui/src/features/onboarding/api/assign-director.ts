import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { Lead } from "@crm/contracts/lead/answers";
import { apiRequest } from "@/lib/api-client";

export interface AssignDirectorInput {
  leadId: string;
  creativeDirectorId: string;
}

/** What the command answers: the lead as it left it. */
const AssignedLead = positioned(Lead);

/** POST /api/onboarding/{leadId}/assign-director: the lead moves to "Creative Director Assigned". */
export function useAssignDirector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, creativeDirectorId }: AssignDirectorInput) =>
      apiRequest("POST", `/api/onboarding/${encodeURIComponent(leadId)}/assign-director`, { creativeDirectorId }, AssignedLead),
    onSuccess: (_lead, { leadId }) => {
      for (const queryKey of [["leads"], ["lead", leadId], ["activities"], ["onboarding"], ["stats"]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
