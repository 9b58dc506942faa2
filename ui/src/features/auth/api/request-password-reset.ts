import { ResetRequested, type ForgotPasswordBody } from "@crm/contracts/auth/commands";
import { apiRequest } from "@/lib/api-client";

/** POST /api/auth/password-reset: answers the same message (RESET_REQUESTED) whether or not the address has an account. */
export const requestPasswordReset = (body: ForgotPasswordBody) => apiRequest("POST", "/api/auth/password-reset", body, ResetRequested);
