import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User, type PendingUser } from "@crm/contracts/user/answers";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { removePending } from "./get-pending-users.ts";

/** What the command answers: the user as it left them. */
const ApprovedUser = positioned(User);

/** POST /api/users/{id}/approve. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: PendingUser) => apiRequest("POST", `/api/users/${user.id}/approve`, undefined, ApprovedUser),
    onSuccess: (_answer, user) => {
      removePending(queryClient, user);
      toast({ title: "User Approved", description: `${user.displayName} can now access the system.` });
    },
    onError: () => toast({ variant: "destructive", title: "Approval Failed", description: "Failed to approve user. Please try again." }),
  });
}
