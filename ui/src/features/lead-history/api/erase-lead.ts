import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EraseLeadBody } from "@crm/contracts/erasure/erasure";
import { EraseLeadResult } from "@crm/contracts/erasure/answers";
import { apiRequest } from "@/lib/api-client";

/** POST /api/leads/{id}/erase: answers how much was redacted; every read model changes, so every query is refreshed. */
export function useEraseLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraseLeadBody) => apiRequest("POST", `/api/leads/${encodeURIComponent(id)}/erase`, body, EraseLeadResult),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["lead-as-of"] });
      void queryClient.invalidateQueries();
    },
  });
}
