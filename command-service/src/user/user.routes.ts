import type { Request } from "express";
import { UnauthenticatedError } from "@crm/contracts/api/errors";
import { positioned } from "@crm/contracts/api/command-result";
import { idParam } from "@crm/contracts/api/params";
import { userStreamId } from "@crm/contracts/user/stream";
import { ChangeRoleBody, RegisterBody, User } from "@crm/contracts/user/user";
import { accountTokens } from "@crm/infra/auth/account-tokens";
import type { SessionStore } from "@crm/infra/auth/sessions";
import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { PARTNER, SIGNED_IN } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { handleCommand } from "../core/command-handler.ts";
import { commandMetadata, commandOptions, type CommandDeps } from "../core/command-context.ts";
import { otherActivePartners, withPartnerLock } from "./partners.ts";
import { requestAccess } from "./register.ts";
import { actingUser, answerUser as answer } from "./user-answer.ts";
import { userDecider, type UserCommand } from "./user.decider.ts";

const UserIdParam = idParam("User");

export interface UserRouteDeps extends CommandDeps {
  store: EventStore;
  db: Database;
  /** Deactivation ends every session of the account in the same request. */
  sessions: SessionStore;
}

/** A command that may take a Partner out of the active Partners, before it is counted (partners.ts). */
type PartnerRemoval =
  | Omit<Extract<UserCommand, { type: "ChangeUserRole" }>, "otherActivePartners">
  | Omit<Extract<UserCommand, { type: "DeactivateUser" }>, "otherActivePartners">;

/** What the user commands share: the dependencies and one way to run a user command. */
function setup(deps: UserRouteDeps) {
  const run = (req: Request, command: UserCommand) =>
    handleCommand(deps.store, userStreamId(command.userId), userDecider, command, commandOptions(req, deps));
  /** Counts the other active Partners and decides, alone among such commands (partners.ts). */
  const runCounted = (req: Request, command: PartnerRemoval) =>
    withPartnerLock(deps.db, async () => run(req, { ...command, otherActivePartners: await otherActivePartners(deps, command.userId) }));
  const tokens = accountTokens(deps.db, deps.now);
  return { deps, run, runCounted, tokens };
}

/** POST /api/auth/register and the Partner's user administration. */
export const userCommandRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/auth/register",
    allow: SIGNED_IN,
    tag: "auth",
    summary: "Request access with a role",
    body: RegisterBody,
    responses: { 201: positioned(User) },
    handle: async ({ req, res, body }, { deps }) => {
      if (!req.account) throw new UnauthenticatedError();
      const request = { userId: req.account.id, email: req.account.email, ...body };
      answer(res, 201, await requestAccess(deps.store, request, commandMetadata(req, deps)));
    },
  }),
  route({
    method: "POST",
    path: "/api/users/:id/approve",
    allow: PARTNER,
    tag: "users",
    summary: "Approve an access request",
    params: UserIdParam,
    responses: { 200: positioned(User) },
    handle: async ({ req, res, params: { id } }, { run }) =>
      answer(res, 200, await run(req, { type: "ApproveUser", userId: id, approvedBy: actingUser(req) })),
  }),
  route({
    method: "DELETE",
    path: "/api/users/:id/reject",
    allow: PARTNER,
    tag: "users",
    summary: "Reject an access request",
    params: UserIdParam,
    responses: { 204: "empty" },
    handle: async ({ req, res, params: { id } }, { run }) => {
      const outcome = await run(req, { type: "RejectUser", userId: id, rejectedBy: actingUser(req) });
      res.status(204).setHeader("X-Position", outcome.position).end();
    },
  }),
  route({
    method: "POST",
    path: "/api/users/:id/role",
    allow: PARTNER,
    tag: "users",
    summary: "Change a user's role",
    params: UserIdParam,
    body: ChangeRoleBody,
    responses: { 200: positioned(User) },
    handle: async ({ req, res, params: { id }, body: { role } }, { runCounted }) =>
      answer(res, 200, await runCounted(req, { type: "ChangeUserRole", userId: id, role, changedBy: actingUser(req) })),
  }),
  route({
    method: "POST",
    path: "/api/users/:id/deactivate",
    allow: PARTNER,
    tag: "users",
    summary: "Deactivate an account: every session ends now, sign-in is refused, the history stays",
    params: UserIdParam,
    responses: { 200: positioned(User) },
    handle: async ({ req, res, params: { id } }, { runCounted, deps, tokens }) => {
      const outcome = await runCounted(req, { type: "DeactivateUser", userId: id, deactivatedBy: actingUser(req) });
      // After the event, so a failure here leaves nothing the session check does not also enforce:
      // it deletes a deactivated account's session on its next request anyway.
      await deps.sessions.revokeAll(id);
      await tokens.retire(id);
      answer(res, 200, outcome);
    },
  }),
  route({
    method: "POST",
    path: "/api/users/:id/reactivate",
    allow: PARTNER,
    tag: "users",
    summary: "Reactivate a deactivated account: its owner may sign in again",
    params: UserIdParam,
    responses: { 200: positioned(User) },
    handle: async ({ req, res, params: { id } }, { run }) =>
      answer(res, 200, await run(req, { type: "ReactivateUser", userId: id, reactivatedBy: actingUser(req) })),
  }),
]);
