import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PendingUser } from "@crm/contracts/user/answers";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { removePending } from "./get-pending-users.ts";

/** DELETE /api/users/{id}/reject: answers 204, no body. */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: PendingUser) => apiRequest("DELETE", `/api/users/${user.id}/reject`),
    onSuccess: (_answer, user) => {
      removePending(queryClient, user);
      toast({ title: "User Rejected", description: `${user.displayName}'s access request has been removed.` });
    },
    onError: () => toast({ variant: "destructive", title: "Rejection Failed", description: "Failed to reject user. Please try again." }),
  });
}
