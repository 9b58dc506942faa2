import type { Request, Response } from "express";
import { ValidationError } from "@crm/contracts/api/errors";
import { ArchiveLeadBody, CreateLeadBody, MoveLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import { CommandResult, positioned } from "@crm/contracts/api/command-result";
import { LeadIdParam } from "@crm/contracts/api/params";
import { Lead } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { PARTNER, STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { leadDecider, type LeadCommand, type LeadState, type LiveLeadState } from "./lead.decider.ts";
import { sqlLeadLookups, type LeadLookups } from "./lead-lookups.ts";

export type LeadRouteDeps = CommandDeps & { store: EventStore; db: Queryable };

/** The lead as a command answers it, from the state the command left (an archived one as it was before the archive). */
export function toLead(state: LiveLeadState | Extract<LeadState, { status: "archived" }>, version: number): Lead {
  const lead = state.status === "archived" ? state.before : state;
  const lost = state.status === "lost" ? state : undefined;
  return {
    id: lead.id,
    ...lead.details,
    stage: lead.stage,
    lastActivity: lead.lastActivity,
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt,
    createdBy: lead.createdBy,
    assignedTo: lead.owner,
    creativeDirectorId: lead.creativeDirectorId,
    valueMinor: lead.valueMinor,
    expectedCloseOn: lead.expectedCloseOn,
    probability: lead.probability,
    wonAt: lead.wonAt,
    status: state.status,
    closedAt: state.status === "archived" ? state.closedAt : (lost?.closedAt ?? null),
    lostReason: lost?.lostReason ?? null,
    lostNote: lost?.lostNote ?? null,
    emailUndeliverable: lead.emailUndeliverable,
    version,
  };
}

export function answer(res: Response, status: number, outcome: CommandOutcome<LeadState>) {
  res.status(status).setHeader("ETag", `"${outcome.version}"`);
  if (outcome.state.status !== "open" && outcome.state.status !== "lost") {
    // Only an archive (or its repeat under the same Idempotency-Key) leaves no live lead; an erased
    // lead's archive leaves it erased, and is answered with its id all the same (CommandResult).
    res.json({ id: outcome.state.status === "none" ? null : outcome.state.id, version: outcome.version, position: outcome.position });
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

/** A deal's owner must be an active Partner or Project Manager (docs/product.md, "Deals"). */
export async function checkOwner(lookups: LeadLookups, ownerId: string | undefined) {
  if (ownerId === undefined) return;
  if ((await lookups.isOwnerCandidate(ownerId)) === false) {
    throw new ValidationError([{ field: "assignedTo", message: "Only an active Partner or Project Manager can own a deal" }]);
  }
}

/** What the lead commands share: the lookups and one way to run a lead command. */
export function setup(deps: LeadRouteDeps) {
  const lookups = sqlLeadLookups(deps.db, deps.store);
  const run = (req: Request, command: LeadCommand, bodyVersion?: number) =>
    handleCommand(deps.store, leadStreamId(command.leadId), leadDecider, command, {
      ...commandOptions(req, deps),
      ...expectedVersionOf(req, bodyVersion),
      newStream: command.type === "CreateLead",
    });
  return { lookups, run, newId: deps.newId };
}

const Archived = { 200: CommandResult } as const;

/** Creating, editing, moving and archiving leads. */
export const leadCommandRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/leads",
    allow: STAFF,
    tag: "leads",
    summary: "Create a lead",
    body: CreateLeadBody,
    responses: { 201: positioned(Lead) },
    handle: async ({ req, res, body: fields }, { run, newId }) =>
      answer(res, 201, await run(req, { type: "CreateLead", leadId: newId(), fields })),
  }),
  route({
    method: "PATCH",
    path: "/api/leads/:id",
    allow: STAFF,
    tag: "leads",
    summary: "Edit a lead: its details, stage, director, owner (assignedTo) and deal (value, expected close, probability)",
    params: LeadIdParam,
    body: UpdateLeadBody,
    responses: { 200: positioned(Lead) },
    handle: async ({ req, res, params: { id }, body: { expectedVersion, ...changes } }, { run, lookups }) => {
      await checkDirector(lookups, changes.creativeDirectorId);
      await checkOwner(lookups, changes.assignedTo);
      answer(res, 200, await run(req, { type: "UpdateLead", leadId: id, changes }, expectedVersion));
    },
  }),
  route({
    method: "POST",
    path: "/api/leads/:id/move",
    allow: STAFF,
    tag: "leads",
    summary: "Move a card on the board",
    params: LeadIdParam,
    body: MoveLeadBody,
    responses: { 200: positioned(Lead) },
    handle: async ({ req, res, params: { id }, body: { stage, afterId, beforeId, expectedVersion } }, { run }) => {
      const command: LeadCommand = { type: "MoveLead", leadId: id, stage, afterId: afterId ?? null, beforeId: beforeId ?? null };
      answer(res, 200, await run(req, command, expectedVersion));
    },
  }),
  ...(["POST /api/leads/:id/archive", "DELETE /api/leads/:id"] as const).map((line) => {
    const [method, path] = line.split(" ") as ["POST" | "DELETE", `/api/${string}`];
    return route({
      method,
      path,
      allow: PARTNER,
      tag: "leads",
      summary:
        method === "DELETE" ? "Archive a lead (the same as POST /api/leads/{id}/archive)" : "Archive a lead, with an optional reason",
      params: LeadIdParam,
      body: ArchiveLeadBody,
      responses: Archived,
      handle: async ({ req, res, params: { id }, body: { reason, expectedVersion } }, { run }) =>
        answer(res, 200, await run(req, { type: "ArchiveLead", leadId: id, reason: reason ?? null }, expectedVersion)),
    });
  }),
]);
