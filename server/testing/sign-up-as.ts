import { randomUUID } from "node:crypto";
import { createStaffUser } from "@crm/command-service/user/create-user";
import type { User, UserRole } from "@crm/contracts/user/user";
import { sessionStore } from "@crm/infra/auth/sessions";
import type { TestApp } from "./test-app.ts";

export interface SignedIn {
  accountId: string;
  email: string;
  user: User | null;
  token: string;
  /** `crm_session=…` for a Cookie header (state-changing requests then also need an Origin). */
  cookie: string;
  /** Authorization: Bearer …, the simplest way for a test to call any route. */
  headers: { authorization: string };
}

export interface SignUpAsOptions {
  email?: string;
  password?: string;
  displayName?: string;
  /** null: an account that has not requested access yet. */
  role: UserRole | null;
  approved?: boolean;
}

/** Creates an account (as `crm users create` does) and a session for it; no HTTP, no rate limit. */
export async function signUpAs(app: TestApp, options: SignUpAsOptions): Promise<SignedIn> {
  const { system } = app;
  const email =
    options.email ?? `${(options.role ?? "someone").toLowerCase().replace(/\s+/g, "-")}-${randomUUID().slice(0, 8)}@example.com`;
  const { account, user } = await createStaffUser(system, {
    email,
    password: options.password ?? "correct horse battery staple",
    displayName: options.displayName ?? email.split("@")[0]!,
    role: options.role,
    approved: options.approved ?? true,
  });
  const { token } = await sessionStore(system.db, () => system.now()).create(account.id);
  return {
    accountId: account.id,
    email: account.email,
    user,
    token,
    cookie: `crm_session=${token}`,
    headers: { authorization: `Bearer ${token}` },
  };
}
