import { Me } from "@crm/contracts/auth/answers";
import { apiRequest } from "@/lib/api-client";
import type { Credentials } from "./sign-in.ts";

/** POST /api/auth/sign-up: the new account's session, which has no staff record until it asks for access. */
export const signUp = (credentials: Credentials) => apiRequest("POST", "/api/auth/sign-up", credentials, Me);
