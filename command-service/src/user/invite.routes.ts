import type { Request } from "express";
import { NotFoundError } from "@crm/contracts/api/errors";
import { positioned } from "@crm/contracts/api/command-result";
import { idParam } from "@crm/contracts/api/params";
import { LinkToken } from "@crm/contracts/auth/commands";
import { InviteDetails } from "@crm/contracts/user/answers";
import { AcceptInviteBody } from "@crm/contracts/user/commands";
import { userStreamId } from "@crm/contracts/user/stream";
import { INVITE_LIFETIME_MS, InviteBody, User } from "@crm/contracts/user/user";
import { Me } from "@crm/contracts/auth/auth";
import { accountTokens } from "@crm/infra/auth/account-tokens";
import { PARTNER, PUBLIC } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { z } from "zod/mini";
import { limitAttempt } from "../auth/auth-deps.ts";
import { authRoute } from "../auth/auth.routes.ts";
import { handleCommand, type CommandOptions } from "../core/command-handler.ts";
import { commandOptions } from "../core/command-context.ts";
import { acceptInvitation, inviteDetails, type InviteAcceptDeps } from "./invite-accept.ts";
import { assertEmailFree, invitePageOf, mailInvitation, type InvitationDeps } from "./invitations.ts";
import { actingUser, answerUser } from "./user-answer.ts";
import { userDecider, type UserCommand } from "./user.decider.ts";
import { loadUserState } from "./user-state.ts";

const UserIdParam = idParam("User");

function setup(deps: InvitationDeps) {
  const tokens = accountTokens(deps.db, deps.now);
  const run = (command: UserCommand, options: CommandOptions) =>
    handleCommand(deps.store, userStreamId(command.userId), userDecider, command, options);
  return { deps, tokens, run };
}

type Ctx = ReturnType<typeof setup>;

/**
 * A new invitation. Its order: the link's token (held only as a hash), then UserInvited, then the
 * mail. A token without its event opens nothing (accepting re-checks the stream); an event whose mail
 * failed shows on the Team page, where "Send again" makes a new link and mails it.
 */
async function invite(req: Request, body: InviteBody, { deps, tokens, run }: Ctx) {
  const userId = deps.newId();
  const options = { ...commandOptions(req, deps), newStream: true };
  const invitation = { userId, ...body, invitedBy: actingUser(req) };
  const command = (expiresAt: Date): UserCommand => ({ type: "InviteUser", ...invitation, expiresAt: expiresAt.toISOString() });
  // A retried request (the same Idempotency-Key) gets the first answer again: no second link, no second mail.
  if (!options.newCommandId && (await deps.store.findCommand(options.metadata.commandId))) return run(command(deps.now()), options);
  const page = invitePageOf(req, deps);
  await assertEmailFree(deps, body.email);
  const { token, expiresAt } = await tokens.issue("invite", userId, body.email, INVITE_LIFETIME_MS);
  const outcome = await run(command(expiresAt), options);
  await mailInvitation(deps, page, invitation, token, expiresAt);
  return outcome;
}

/** A new link for an open (or expired) invitation: the old link dies, the new one is mailed. */
async function renew(req: Request, userId: string, { deps, tokens, run }: Ctx) {
  const state = await loadUserState(deps.store, userId);
  const renewedBy = actingUser(req);
  const command = (expiresAt: Date): UserCommand => ({ type: "RenewInvitation", userId, renewedBy, expiresAt: expiresAt.toISOString() });
  // Decided before the new token, whose issue retires the old link: an accepted invitation (409) or none (404) keeps its links.
  userDecider.decide(command(deps.now()), state);
  if (state.status !== "invited") throw new NotFoundError("Invitation");
  const page = invitePageOf(req, deps);
  const { token, expiresAt } = await tokens.issue("invite", userId, state.email, INVITE_LIFETIME_MS);
  const outcome = await run(command(expiresAt), commandOptions(req, deps));
  const { email, displayName, role } = state;
  await mailInvitation(deps, page, { userId, email, displayName, role, invitedBy: renewedBy }, token, expiresAt);
  return outcome;
}

/** POST /api/users/invites, POST /api/users/{id}/invite/renew and DELETE /api/users/{id}/invite (Partner only). */
export const invitationRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/users/invites",
    allow: PARTNER,
    tag: "users",
    summary: "Invite a colleague by email: the link to set a password is mailed",
    body: InviteBody,
    responses: { 201: positioned(User), 502: "problem" }, // 502: saved, but the mail server refused the mail
    handle: async ({ req, res, body }, ctx) => answerUser(res, 201, await invite(req, body, ctx)),
  }),
  route({
    method: "POST",
    path: "/api/users/:id/invite/renew",
    allow: PARTNER,
    tag: "users",
    summary: "Send an invitation again: a new link, the old one no longer works",
    params: UserIdParam,
    responses: { 200: positioned(User), 502: "problem" },
    handle: async ({ req, res, params: { id } }, ctx) => answerUser(res, 200, await renew(req, id, ctx)),
  }),
  route({
    method: "DELETE",
    path: "/api/users/:id/invite",
    allow: PARTNER,
    tag: "users",
    summary: "Withdraw an invitation not yet accepted; its link stops working",
    params: UserIdParam,
    responses: { 204: "empty" },
    handle: async ({ req, res, params: { id } }, { deps, tokens, run }) => {
      const outcome = await run({ type: "RevokeInvitation", userId: id, revokedBy: actingUser(req) }, commandOptions(req, deps));
      // After the event: a link left open by a crash here still finds the invitation withdrawn when used.
      await tokens.retire(id, "invite");
      res.status(204).setHeader("X-Position", outcome.position).end();
    },
  }),
]);

const TokenParam = z.object({ token: LinkToken });

/** GET /api/auth/invites/{token} and POST /api/auth/invites/accept: the invitation page, signed out. */
export const inviteAuthRoutes = routeGroup((route: RouteBuilder<InviteAcceptDeps>) => [
  route({
    ...authRoute,
    method: "GET",
    path: "/api/auth/invites/:token",
    allow: PUBLIC,
    summary: "An invitation as its link shows it (the link is not spent)",
    cache: "no-store",
    params: TokenParam,
    responses: { 200: InviteDetails },
    handle: async ({ res, params: { token } }, deps) => void res.json(await inviteDetails(deps, token)),
  }),
  route({
    ...authRoute,
    // Counted like sign-up: accepting hashes a password, which no one may make the server do at will.
    admit: (req, deps) => limitAttempt(deps, req),
    method: "POST",
    path: "/api/auth/invites/accept",
    allow: PUBLIC,
    summary: "Accept an invitation: set a password, the account is active with the invited role, signed in",
    body: AcceptInviteBody,
    responses: { 201: Me },
    handle: ({ req, res, body }, deps) => acceptInvitation(deps, req, res, body),
  }),
]);
