import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CommandResult } from "@crm/contracts/api/command-result";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** POST /api/leads/{id}/archive (Partner only on the server); the answer is the command's result. */
export function useArchiveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, expectedVersion }: { id: string; expectedVersion?: number }) =>
      apiRequest("POST", `/api/leads/${encodeURIComponent(id)}/archive`, expectedVersion === undefined ? {} : { expectedVersion }, CommandResult),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: ["lead", id] });
      invalidateLead(queryClient);
    },
  });
}
