import { Me } from "@crm/contracts/auth/answers";
import type { ResetPasswordBody } from "@crm/contracts/auth/commands";
import { apiRequest } from "@/lib/api-client";

/** POST /api/auth/password-reset/complete: spends the mailed link's token on the new password; the answer is the new session. */
export const completePasswordReset = (body: ResetPasswordBody) => apiRequest("POST", "/api/auth/password-reset/complete", body, Me);
