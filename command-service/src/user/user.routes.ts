import type { Request, Response } from "express";
import { UnauthenticatedError } from "@crm/contracts/api/errors";
import { positioned } from "@crm/contracts/api/command-result";
import { idParam } from "@crm/contracts/api/params";
import { userStreamId } from "@crm/contracts/user/stream";
import { ChangeRoleBody, RegisterBody, User } from "@crm/contracts/user/user";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { PARTNER, SIGNED_IN } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandMetadata, commandOptions, type CommandDeps } from "../core/command-context.ts";
import { requestAccess } from "./register.ts";
import { toUser, userDecider, type UserCommand, type UserState } from "./user.decider.ts";

const UserIdParam = idParam("User");

/** The user, its stream version and the log position to wait for before reading the users list. */
function answer(res: Response, status: number, outcome: CommandOutcome<UserState>) {
  res
    .status(status)
    .setHeader("ETag", `"${outcome.version}"`)
    .json({ ...toUser(outcome.state), version: outcome.version, position: outcome.position });
}

/** The acting user's id; the access policy has already made sure there is one. */
function actingUser(req: Request): string {
  if (!req.user) throw new UnauthenticatedError();
  return req.user.id;
}

export type UserRouteDeps = CommandDeps & { store: EventStore };

/** What the user commands share: the dependencies and one way to run a user command. */
function setup(deps: UserRouteDeps) {
  const run = (req: Request, command: UserCommand) =>
    handleCommand(deps.store, userStreamId(command.userId), userDecider, command, commandOptions(req, deps));
  return { deps, run };
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
    handle: async ({ req, res, params: { id }, body: { role } }, { run }) =>
      answer(res, 200, await run(req, { type: "ChangeUserRole", userId: id, role, changedBy: actingUser(req) })),
  }),
]);
