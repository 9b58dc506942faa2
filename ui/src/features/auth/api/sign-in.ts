import { Me } from "@crm/contracts/auth/answers";
import { apiRequest } from "@/lib/api-client";

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in: the answer is the new session. */
export const signIn = (credentials: Credentials) => apiRequest("POST", "/api/auth/sign-in", credentials, Me);
