import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User } from "@crm/contracts/user/answers";
import type { ChangeRoleBody } from "@crm/contracts/user/commands";
import { apiRequest } from "@/lib/api-client";
import { refreshTeam } from "./get-team.ts";

const Changed = positioned(User);

/** POST /api/users/{id}/role: a 409 when it would leave the agency without an active Partner. */
export function useChangeRole(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeRoleBody) => apiRequest("POST", `/api/users/${userId}/role`, body, Changed),
    onSuccess: () => refreshTeam(queryClient),
  });
}
