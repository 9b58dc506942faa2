import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshTeam } from "./get-team.ts";

/** DELETE /api/users/{id}/invite: answers 204; the link stops working. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest("DELETE", `/api/users/${userId}/invite`),
    onSuccess: () => refreshTeam(queryClient),
  });
}
