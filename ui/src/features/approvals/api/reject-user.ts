import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PendingUser } from "@crm/contracts/user/answers";
import { apiRequest } from "@/lib/api-client";
import { removePending } from "./get-pending-users.ts";

/** DELETE /api/users/{id}/reject: answers 204, no body; the confirming dialog says how it went. */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: PendingUser) => apiRequest("DELETE", `/api/users/${user.id}/reject`),
    onSuccess: (_answer, user) => removePending(queryClient, user),
  });
}
