import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateLeadBody } from "@crm/contracts/lead/commands";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

export interface UpdateLeadInput {
  id: string;
  changes: UpdateLeadBody;
}

/** PATCH /api/leads/{id} with only the changed fields (and expectedVersion when the caller saw one). */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateLeadInput) => apiRequest<Lead>("PATCH", `/api/leads/${encodeURIComponent(id)}`, changes),
    onSuccess: (lead, { id }) => {
      // The answer is the lead as the command left it: show it at once on the lead page.
      queryClient.setQueryData(["lead", id], (old: Lead | undefined) => (old ? { ...old, ...lead } : old));
      invalidateLead(queryClient, id);
    },
  });
}
