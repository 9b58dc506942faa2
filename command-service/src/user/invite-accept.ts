import type { Request, Response } from "express";
import { ApiError, NotFoundError } from "@crm/contracts/api/errors";
import type { AcceptInviteBody } from "@crm/contracts/user/commands";
import type { InviteDetails } from "@crm/contracts/user/answers";
import { userStreamId } from "@crm/contracts/user/stream";
import { accountTokens, type AccountToken } from "@crm/infra/auth/account-tokens";
import { EmailTakenError, type Account } from "@crm/infra/auth/accounts";
import { hashPassword } from "@crm/infra/auth/password";
import { assertStrongPassword } from "@crm/infra/auth/password-strength";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { meOf, startSession, type AuthDeps } from "../auth/auth-deps.ts";
import { handleCommand } from "../core/command-handler.ts";
import { agencyName } from "./invite.mail.ts";
import { loadUser, loadUserState } from "./user-state.ts";
import { userDecider, type UserState } from "./user.decider.ts";

/** What the invitation page's routes need: the sign-in routes' dependencies, the events and the link tokens. */
export interface InviteAcceptDeps extends AuthDeps {
  store: EventStore;
  db: Queryable;
  mailFrom: string;
}

const GONE = "Invitation";

/** An invitation still waiting for its colleague: its state says invited and its link has not expired. */
const isOpen = (state: UserState, at: Date): state is Extract<UserState, { status: "invited" }> =>
  state.status === "invited" && Date.parse(state.expiresAt) > at.getTime();

/** The open invitation a token names (the token is not spent); 404 when unknown, used, expired or withdrawn. */
async function openInvitation(deps: InviteAcceptDeps, token: string): Promise<{ link: AccountToken; state: UserState }> {
  const link = await accountTokens(deps.db, deps.now).peek("invite", token);
  if (!link) throw new NotFoundError(GONE);
  const state = await loadUserState(deps.store, link.subjectId);
  return { link, state };
}

/** GET /api/auth/invites/{token}: what the invitation page shows. */
export async function inviteDetails(deps: InviteAcceptDeps, token: string): Promise<InviteDetails> {
  const { state } = await openInvitation(deps, token);
  if (!isOpen(state, deps.now())) throw new NotFoundError(GONE);
  const inviter = state.invitedBy ? await loadUser(deps.store, state.invitedBy) : null;
  return {
    email: state.email,
    displayName: state.displayName,
    role: state.role,
    invitedBy: inviter?.displayName ?? null,
    agencyName: await agencyName(deps),
    expiresAt: state.expiresAt,
  };
}

/**
 * The account the invitation makes, with the invited user's id and the invitation's email. It may
 * exist already from an earlier attempt with this same link that stopped half-way: that one is
 * taken as it is (its password is set once the link is spent).
 */
async function accountFor(deps: InviteAcceptDeps, link: AccountToken, passwordHash: string): Promise<Account> {
  const existing = await deps.accounts.findById(link.subjectId);
  if (existing && existing.email === link.email) return existing;
  const taken = () =>
    new ApiError(409, "Conflict", `${link.email} already has an account: sign in with it, or ask a Partner to invite another address.`);
  if (existing) throw taken();
  return deps.accounts.create({ id: link.subjectId, email: link.email, passwordHash }).catch(async (error: unknown) => {
    if (!(error instanceof EmailTakenError)) throw error;
    const raced = await deps.accounts.findById(link.subjectId); // a second click with this link, at the same moment
    if (raced) return raced;
    throw taken();
  });
}

/**
 * POST /api/auth/invites/accept. The steps run in an order where a crash between any two leaves
 * nothing that stops the same link from working again, and each step is idempotent:
 * 1. peek the link and re-check the stream (open invitation, or accepted by an earlier attempt that
 *    stopped before spending the link: the only way from invited to approved is InvitationAccepted);
 * 2. the account, with the invited id (accountFor takes one an earlier attempt made);
 * 3. InvitationAccepted, unless the stream already has it;
 * 4. spend the link, last: one UPDATE, so of two concurrent attempts exactly one goes on;
 * 5. the winner's password (an earlier attempt may have chosen another), the session, the sign-in time.
 * Spending first would be simpler, but a crash right after it would leave a dead link and no account.
 */
export async function acceptInvitation(deps: InviteAcceptDeps, req: Request, res: Response, body: AcceptInviteBody): Promise<void> {
  const { link, state } = await openInvitation(deps, body.token);
  const at = deps.now();
  const resumed = state.status === "approved" && !state.deactivated;
  if (!isOpen(state, at) && !resumed) throw new NotFoundError(GONE);
  const displayName = body.displayName ?? state.displayName;
  await assertStrongPassword(body.password, [link.email, displayName]);
  const passwordHash = await hashPassword(body.password);
  const account = await accountFor(deps, link, passwordHash);
  if (!resumed) {
    const commandId = deps.newId();
    const metadata = { actor: link.subjectId, at: at.toISOString(), commandId, correlationId: commandId };
    const command = { type: "AcceptInvitation", userId: link.subjectId, displayName, at: metadata.at } as const;
    await handleCommand(deps.store, userStreamId(link.subjectId), userDecider, command, { metadata, newCommandId: true }).catch(
      async (error: unknown) => {
        // A concurrent attempt with this link appended it first: the spend below decides who goes on.
        if ((await loadUserState(deps.store, link.subjectId)).status !== "approved") throw error;
      },
    );
  }
  if (!(await accountTokens(deps.db, deps.now).spend("invite", body.token))) throw new NotFoundError(GONE);
  await deps.accounts.setPassword(account.id, passwordHash);
  await startSession(deps, req, res, account.id);
  await deps.accounts.touchSignIn(account.id, deps.now());
  res.status(201).json(await meOf(deps, account));
}
