import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { ValidationError } from "@crm/contracts/api/errors";
import { ArchiveLeadBody, CreateLeadBody, MoveLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import type { Lead } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { leadDecider, type LeadCommand, type LeadState } from "./lead.decider.ts";
import { sqlLeadLookups, type LeadLookups } from "./lead-lookups.ts";

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

export type LeadRouteDeps = CommandDeps & { store: EventStore; db: Queryable };

/** The lead as a command answers it, from the state the command left. */
export function toLead(state: Extract<LeadState, { status: "open" }>, version: number): Lead {
  return {
    id: state.id,
    ...state.details,
    stage: state.stage,
    lastActivity: state.lastActivity,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    createdBy: state.createdBy,
    assignedTo: null,
    creativeDirectorId: state.creativeDirectorId,
    version,
  };
}

function answer(res: Response, status: number, outcome: CommandOutcome<LeadState>) {
  res.status(status).setHeader("ETag", `"${outcome.version}"`);
  if (outcome.state.status !== "open") {
    // Only an archive (or its repeat under the same Idempotency-Key) leaves no open lead.
    res.json({ id: outcome.state.status === "archived" ? outcome.state.id : null, version: outcome.version, position: outcome.position });
    return;
  }
  res.json({ ...toLead(outcome.state, outcome.version), position: outcome.position });
}

/** An assigned director must be an approved user with the Creative Director role. */
async function checkDirector(lookups: LeadLookups, directorId: string | null | undefined) {
  if (typeof directorId !== "string") return;
  if ((await lookups.isCreativeDirector(directorId)) === false) {
    throw new ValidationError([{ field: "creativeDirectorId", message: "No approved creative director has this id" }]);
  }
}

/** POST /api/leads, PATCH /api/leads/:id, POST /api/leads/:id/move, POST /api/leads/:id/archive, DELETE /api/leads/:id. */
export function leadCommandRoutes(deps: LeadRouteDeps): Router {
  const router = Router();
  const lookups = sqlLeadLookups(deps.db, deps.store);
  const run = (req: Request, command: LeadCommand, bodyVersion?: number) =>
    handleCommand(deps.store, leadStreamId(command.leadId), leadDecider, command, {
      ...commandOptions(req, deps),
      ...expectedVersionOf(req, bodyVersion),
      newStream: command.type === "CreateLead",
    });

  router.post("/api/leads", async (req, res) => {
    const fields = parseOr400(CreateLeadBody, req.body);
    answer(res, 201, await run(req, { type: "CreateLead", leadId: deps.newId(), fields }));
  });

  router.patch("/api/leads/:id", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { expectedVersion, ...changes } = parseOr400(UpdateLeadBody, req.body);
    await checkDirector(lookups, changes.creativeDirectorId);
    answer(res, 200, await run(req, { type: "UpdateLead", leadId: id, changes }, expectedVersion));
  });

  router.post("/api/leads/:id/move", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { stage, afterId, beforeId, expectedVersion } = parseOr400(MoveLeadBody, req.body);
    const command: LeadCommand = { type: "MoveLead", leadId: id, stage, afterId: afterId ?? null, beforeId: beforeId ?? null };
    answer(res, 200, await run(req, command, expectedVersion));
  });

  const archive = async (req: Request, res: Response) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { reason, expectedVersion } = parseOr400(ArchiveLeadBody, req.body ?? {});
    answer(res, 200, await run(req, { type: "ArchiveLead", leadId: id, reason: reason ?? null }, expectedVersion));
  };
  router.post("/api/leads/:id/archive", archive);
  router.delete("/api/leads/:id", archive);

  return router;
}
