import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User } from "@crm/contracts/user/answers";
import { apiRequest } from "@/lib/api-client";
import { refreshTeam } from "./get-team.ts";

const Answer = positioned(User);

/** POST /api/users/{id}/deactivate: every session of the account ends at once; a 409 for the last active Partner. */
export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest("POST", `/api/users/${userId}/deactivate`, undefined, Answer),
    onSuccess: () => refreshTeam(queryClient),
  });
}
