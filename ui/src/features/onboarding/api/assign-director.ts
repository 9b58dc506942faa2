import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiRequest } from "@/lib/api-client";

export interface AssignDirectorInput {
  leadId: string;
  creativeDirectorId: string;
}

/** POST /api/onboarding/{leadId}/assign-director: the lead moves to "Creative Director Assigned". */
export function useAssignDirector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, creativeDirectorId }: AssignDirectorInput) =>
      apiRequest<Lead>("POST", `/api/onboarding/${encodeURIComponent(leadId)}/assign-director`, { creativeDirectorId }),
    onSuccess: (_lead, { leadId }) => {
      for (const queryKey of [["leads"], ["lead", leadId], ["activities"], ["onboarding"], ["stats"]])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
