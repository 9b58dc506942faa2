import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User } from "@crm/contracts/user/answers";
import type { InviteBody } from "@crm/contracts/user/commands";
import { apiRequest } from "@/lib/api-client";
import { refreshTeam } from "./get-team.ts";

const Invited = positioned(User);

/** POST /api/users/invites: the colleague's account, "invited", and a mail with the link /invite#<token>. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: InviteBody) => apiRequest("POST", "/api/users/invites", invite, Invited),
    onSuccess: () => refreshTeam(queryClient),
  });
}
