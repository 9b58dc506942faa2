import { Me } from "@crm/contracts/auth/answers";
import type { AcceptInviteBody } from "@crm/contracts/user/commands";
import { apiRequest } from "@/lib/api-client";

/** POST /api/auth/invites/accept: spends the invitation on the chosen password; the answer is the new, approved session. */
export const acceptInvite = (body: AcceptInviteBody) => apiRequest("POST", "/api/auth/invites/accept", body, Me);
