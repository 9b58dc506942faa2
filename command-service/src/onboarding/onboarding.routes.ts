import type { Request, Response } from "express";
import { ValidationError } from "@crm/contracts/api/errors";
import { positioned } from "@crm/contracts/api/command-result";
import { LeadIdParam } from "@crm/contracts/api/params";
import { Lead } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { AssignDirectorBody } from "@crm/contracts/onboarding/onboarding";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import type { LeadState } from "../lead/lead.decider.ts";
import { sqlLeadLookups } from "../lead/lead-lookups.ts";
import { toLead } from "../lead/lead.routes.ts";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { onboardingDecider, type OnboardingCommand } from "./onboarding.decider.ts";

export type OnboardingRouteDeps = CommandDeps & { store: EventStore; db: Queryable };

function answer(res: Response, outcome: CommandOutcome<LeadState>) {
  res.setHeader("ETag", `"${outcome.version}"`);
  if (outcome.state.status !== "open") throw new Error("An onboarding command left no open lead");
  res.json({ ...toLead(outcome.state, outcome.version), position: outcome.position });
}

/** What the onboarding commands share: the lookups and one way to run an onboarding command. */
function setup(deps: OnboardingRouteDeps) {
  const lookups = sqlLeadLookups(deps.db, deps.store);
  const run = (req: Request, command: OnboardingCommand, bodyVersion?: number) =>
    handleCommand(deps.store, leadStreamId(command.leadId), onboardingDecider, command, {
      ...commandOptions(req, deps),
      ...expectedVersionOf(req, bodyVersion),
    });
  return { lookups, run };
}

/** POST /api/onboarding/:id/assign-director (the other steps move the lead through onboarding-progress.reactor.ts). */
export const onboardingCommandRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/onboarding/:id/assign-director",
    allow: STAFF,
    tag: "onboarding",
    summary: "Assign a Creative Director",
    params: LeadIdParam,
    body: AssignDirectorBody,
    responses: { 200: positioned(Lead) },
    handle: async ({ req, res, params: { id }, body: { creativeDirectorId, expectedVersion } }, { lookups, run }) => {
      if ((await lookups.isCreativeDirector(creativeDirectorId)) === false) {
        throw new ValidationError([{ field: "creativeDirectorId", message: "No approved creative director has this id" }]);
      }
      answer(res, await run(req, { type: "AssignDirector", leadId: id, creativeDirectorId }, expectedVersion));
    },
  }),
]);
