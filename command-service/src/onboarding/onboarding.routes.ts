import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { ValidationError } from "@crm/contracts/api/errors";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { AssignDirectorBody } from "@crm/contracts/onboarding/onboarding";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import type { LeadState } from "../lead/lead.decider.ts";
import { sqlLeadLookups } from "../lead/lead-lookups.ts";
import { toLead } from "../lead/lead.routes.ts";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { onboardingDecider, type OnboardingCommand } from "./onboarding.decider.ts";

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

export type OnboardingRouteDeps = CommandDeps & { store: EventStore; db: Queryable };

function answer(res: Response, outcome: CommandOutcome<LeadState>) {
  res.setHeader("ETag", `"${outcome.version}"`);
  if (outcome.state.status !== "open") throw new Error("An onboarding command left no open lead");
  res.json({ ...toLead(outcome.state, outcome.version), position: outcome.position });
}

/** POST /api/onboarding/:id/assign-director (the other steps move the lead through onboarding-progress.reactor.ts). */
export function onboardingCommandRoutes(deps: OnboardingRouteDeps): Router {
  const router = Router();
  const lookups = sqlLeadLookups(deps.db, deps.store);
  const run = (req: Request, command: OnboardingCommand, bodyVersion?: number) =>
    handleCommand(deps.store, leadStreamId(command.leadId), onboardingDecider, command, {
      ...commandOptions(req, deps),
      ...expectedVersionOf(req, bodyVersion),
    });

  router.post("/api/onboarding/:id/assign-director", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { creativeDirectorId, expectedVersion } = parseOr400(AssignDirectorBody, req.body ?? {});
    if ((await lookups.isCreativeDirector(creativeDirectorId)) === false) {
      throw new ValidationError([{ field: "creativeDirectorId", message: "No approved creative director has this id" }]);
    }
    answer(res, await run(req, { type: "AssignDirector", leadId: id, creativeDirectorId }, expectedVersion));
  });

  return router;
}
