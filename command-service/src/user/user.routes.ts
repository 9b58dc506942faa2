import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { UnauthenticatedError } from "@crm/contracts/api/errors";
import { userStreamId } from "@crm/contracts/user/stream";
import { ChangeRoleBody, RegisterBody } from "@crm/contracts/user/user";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandMetadata, commandOptions, type CommandDeps } from "../core/command-context.ts";
import { requestAccess } from "./register.ts";
import { toUser, userDecider, type UserCommand, type UserState } from "./user.decider.ts";

const UserId = z.object({ id: z.uuid("User ids are UUIDs") });

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

/** POST /api/auth/register and the Partner's user administration. */
export function userCommandRoutes(deps: CommandDeps & { store: EventStore }): Router {
  const router = Router();
  const run = (req: Request, command: UserCommand) =>
    handleCommand(deps.store, userStreamId(command.userId), userDecider, command, commandOptions(req, deps));

  router.post("/api/auth/register", async (req, res) => {
    if (!req.account) throw new UnauthenticatedError();
    const body = parseOr400(RegisterBody, req.body);
    const outcome = await requestAccess(
      deps.store,
      { userId: req.account.id, email: req.account.email, ...body },
      commandMetadata(req, deps),
    );
    answer(res, 201, outcome);
  });

  router.post("/api/users/:id/approve", async (req, res) => {
    const { id } = parseOr400(UserId, req.params, "id");
    answer(res, 200, await run(req, { type: "ApproveUser", userId: id, approvedBy: actingUser(req) }));
  });

  router.delete("/api/users/:id/reject", async (req, res) => {
    const { id } = parseOr400(UserId, req.params, "id");
    const outcome = await run(req, { type: "RejectUser", userId: id, rejectedBy: actingUser(req) });
    res.status(204).setHeader("X-Position", outcome.position).end();
  });

  router.post("/api/users/:id/role", async (req, res) => {
    const { id } = parseOr400(UserId, req.params, "id");
    const { role } = parseOr400(ChangeRoleBody, req.body);
    answer(res, 200, await run(req, { type: "ChangeUserRole", userId: id, role, changedBy: actingUser(req) }));
  });

  return router;
}
