import type { Request, Response } from "express";
import { UnauthenticatedError } from "@crm/contracts/api/errors";
import type { CommandOutcome } from "../core/command-handler.ts";
import { toUser, type UserState } from "./user.decider.ts";

/** The user, its stream version and the log position to wait for before reading the users lists. */
export function answerUser(res: Response, status: number, outcome: CommandOutcome<UserState>) {
  res
    .status(status)
    .setHeader("ETag", `"${outcome.version}"`)
    .json({ ...toUser(outcome.state), version: outcome.version, position: outcome.position });
}

/** The acting user's id; the access policy has already made sure there is one. */
export function actingUser(req: Request): string {
  if (!req.user) throw new UnauthenticatedError();
  return req.user.id;
}
