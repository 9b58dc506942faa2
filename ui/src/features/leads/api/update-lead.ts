import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import type { UpdateLeadBody } from "@crm/contracts/lead/commands";
import { Lead } from "@crm/contracts/lead/answers";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** What the route answers (command-service lead.routes): the lead as the edit left it, with its log position. */
const UpdatedLead = positioned(Lead);

export interface UpdateLeadInput {
  id: string;
  changes: UpdateLeadBody;
}

/** PATCH /api/leads/{id} with only the changed fields (and expectedVersion when the caller saw one). */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateLeadInput) => apiRequest("PATCH", `/api/leads/${encodeURIComponent(id)}`, changes, UpdatedLead),
    onSuccess: ({ position: _position, ...lead }, { id }) => {
      // The answer is the lead as the command left it: show it at once on the lead page.
      queryClient.setQueryData(["lead", id], (old: Lead | undefined) => (old ? { ...old, ...lead } : old));
      invalidateLead(queryClient, id);
    },
  });
}
