import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User } from "@crm/contracts/user/answers";
import { apiRequest } from "@/lib/api-client";
import { refreshTeam } from "./get-team.ts";

const Answer = positioned(User);

/** POST /api/users/{id}/invite/renew: a new link is mailed and the old one stops working. */
export function useRenewInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest("POST", `/api/users/${userId}/invite/renew`, undefined, Answer),
    onSuccess: () => refreshTeam(queryClient),
  });
}
