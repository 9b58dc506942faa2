import { SignUpBody } from "@crm/contracts/auth/auth";
import type { EventMetadata } from "@crm/contracts/events/registry";
import type { User, UserRole } from "@crm/contracts/user/user";
import { accountRepository, type Account } from "@crm/infra/auth/accounts";
import { hashPassword } from "@crm/infra/auth/password";
import { assertStrongPassword } from "@crm/infra/auth/password-strength";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { userStreamId } from "@crm/contracts/user/stream";
import { handleCommand } from "../core/command-handler.ts";
import { requestApprovedAccess } from "./register.ts";
import { toUser, userDecider } from "./user.decider.ts";

export interface NewStaffUser {
  email: string;
  password: string;
  displayName: string;
  /** Without a role the account exists but has not requested access. */
  role: UserRole | null;
  approved: boolean;
}

export interface StaffUserDeps {
  db: Queryable;
  store: EventStore;
  now: () => Date;
  newId: () => string;
}

/**
 * Creates an account with a password and, given a role, its access request, approved at once when
 * asked: what `crm users create` and the tests' signUpAs do, through the same code as the API.
 */
export async function createStaffUser(deps: StaffUserDeps, input: NewStaffUser): Promise<{ account: Account; user: User | null }> {
  const { email, password } = SignUpBody.parse({ email: input.email, password: input.password });
  await assertStrongPassword(password, [email, input.displayName]);
  const account = await accountRepository(deps.db).create({ id: deps.newId(), email, passwordHash: await hashPassword(password) });
  if (input.role === null) return { account, user: null };
  const commandId = deps.newId();
  const metadata: EventMetadata = { actor: "system", at: deps.now().toISOString(), commandId, correlationId: commandId };
  const request = { userId: account.id, email, displayName: input.displayName, role: input.role };
  // Exactly what was asked: a pending request stays pending even on an empty system.
  const outcome = input.approved
    ? await requestApprovedAccess(deps.store, request, metadata)
    : await handleCommand(
        deps.store,
        userStreamId(account.id),
        userDecider,
        { type: "RequestAccess", ...request, approval: "none", at: metadata.at },
        { metadata },
      );
  return { account, user: toUser(outcome.state) };
}
