import { Router, type Response } from "express";
import { z } from "zod";
import { CreateLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import type { Lead } from "@crm/contracts/lead/lead";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { handleCommand, type CommandOutcome } from "../shared/command-handler.ts";
import { commandMetadata, expectedVersionOf, type CommandDeps } from "../shared/command-context.ts";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { leadDecider, type LeadState } from "./lead.decider.ts";

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

function toLead(state: Extract<LeadState, { status: "open" }>, version: number): Lead {
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
  if (outcome.state.status !== "open") throw new Error("A lead command left no lead");
  res.status(status).setHeader("ETag", `"${outcome.version}"`).json({ ...toLead(outcome.state, outcome.version), position: outcome.position });
}

/** POST /api/leads and PATCH /api/leads/:id. */
export function leadCommandRoutes(deps: CommandDeps & { store: EventStore }): Router {
  const router = Router();

  router.post("/api/leads", async (req, res) => {
    const fields = parseOr400(CreateLeadBody, req.body);
    const leadId = deps.newId();
    const outcome = await handleCommand(deps.store, leadStreamId(leadId), leadDecider, { type: "CreateLead", leadId, fields }, { metadata: commandMetadata(req, deps) });
    answer(res, 201, outcome);
  });

  router.patch("/api/leads/:id", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { expectedVersion, ...changes } = parseOr400(UpdateLeadBody, req.body);
    const outcome = await handleCommand(deps.store, leadStreamId(id), leadDecider, { type: "UpdateLead", leadId: id, changes }, {
      metadata: commandMetadata(req, deps),
      ...expectedVersionOf(req, expectedVersion),
    });
    answer(res, 200, outcome);
  });

  return router;
}
