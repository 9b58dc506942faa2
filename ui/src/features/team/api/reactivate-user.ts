import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User } from "@crm/contracts/user/answers";
import { apiRequest } from "@/lib/api-client";
import { refreshTeam } from "./get-team.ts";

const Answer = positioned(User);

/** POST /api/users/{id}/reactivate: the account may sign in again. */
export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest("POST", `/api/users/${userId}/reactivate`, undefined, Answer),
    onSuccess: () => refreshTeam(queryClient),
  });
}
