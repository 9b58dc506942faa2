import type { Request } from "express";
import { ApiError } from "@crm/contracts/api/errors";
import { positioned } from "@crm/contracts/api/command-result";
import { LeadIdParam } from "@crm/contracts/api/params";
import { LoseLeadBody, ReassignLeadsBody, ReopenLeadBody } from "@crm/contracts/lead/commands";
import { ReassignLeadsResult } from "@crm/contracts/lead/answers";
import { Lead } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { foldSettings } from "@crm/contracts/settings/state";
import { PARTNER, STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { handleCommand } from "../core/command-handler.ts";
import { commandMetadata } from "../core/command-context.ts";
import { leadDecider } from "./lead.decider.ts";
import { answer, checkOwner, setup as leadSetup, type LeadRouteDeps } from "./lead.routes.ts";

function setup(deps: LeadRouteDeps) {
  /** The agency's lost reasons as its settings stand. */
  const lostReasons = async () => foldSettings(await deps.store.readStream(SETTINGS_STREAM_ID)).lostReasons;
  return { ...leadSetup(deps), deps, lostReasons };
}
type Ctx = ReturnType<typeof setup>;

/**
 * Each lead is its own command with its own outcome: one lead lost or gone does not stop the others.
 * Under an Idempotency-Key each lead's command is keyed by it and the lead, so a repeat appends nothing.
 */
async function reassign(ctx: Ctx, req: Request, { leadIds, assignedTo }: ReassignLeadsBody): Promise<ReassignLeadsResult> {
  await checkOwner(ctx.lookups, assignedTo);
  const base = commandMetadata(req, ctx.deps);
  const keyed = req.get("Idempotency-Key") !== undefined && req.get("Idempotency-Key")!.trim() !== "";
  const results: ReassignLeadsResult["results"] = [];
  let position: string | undefined;
  for (const leadId of new Set(leadIds)) {
    const metadata = { ...base, commandId: keyed ? `${base.commandId}:${leadId}` : ctx.deps.newId() };
    try {
      const outcome = await handleCommand(
        ctx.deps.store,
        leadStreamId(leadId),
        leadDecider,
        { type: "ReassignLead", leadId, assignedTo },
        {
          metadata,
          newCommandId: !keyed,
        },
      );
      if (position === undefined || outcome.position > position) position = outcome.position;
      results.push({ leadId, status: outcome.events.length > 0 ? "reassigned" : "unchanged" });
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) throw error;
      results.push({ leadId, status: error.status === 404 ? "not found" : "closed" });
    }
  }
  return { position: position ?? (await ctx.deps.store.currentPosition()), results };
}

/** Reassigning deals, closing them as lost, reopening the lost, restoring the archived (docs/product.md, "Deals"). */
export const leadDealRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/leads/reassign",
    allow: STAFF,
    tag: "leads",
    summary: "Give several leads to one owner (an active Partner or Project Manager); each lead answers for itself",
    body: ReassignLeadsBody,
    responses: { 200: ReassignLeadsResult },
    handle: async ({ req, res, body }, ctx) => void res.json(await reassign(ctx, req, body)),
  }),
  route({
    method: "POST",
    path: "/api/leads/:id/lose",
    allow: STAFF,
    tag: "leads",
    summary: "Close an open lead as lost, with one of the agency's reasons and an optional note",
    params: LeadIdParam,
    body: LoseLeadBody,
    responses: { 200: positioned(Lead) },
    handle: async ({ req, res, params: { id }, body: { reason, note, expectedVersion } }, ctx) => {
      const command = { type: "LoseLead", leadId: id, reason, note: note ?? null, allowedReasons: await ctx.lostReasons() } as const;
      answer(res, 200, await ctx.run(req, command, expectedVersion));
    },
  }),
  route({
    method: "POST",
    path: "/api/leads/:id/reopen",
    allow: STAFF,
    tag: "leads",
    summary: "Put a lost lead back on the board, in the stage it left",
    params: LeadIdParam,
    body: ReopenLeadBody,
    responses: { 200: positioned(Lead) },
    handle: async ({ req, res, params: { id }, body }, ctx) =>
      answer(res, 200, await ctx.run(req, { type: "ReopenLead", leadId: id }, body?.expectedVersion)),
  }),
  route({
    method: "POST",
    path: "/api/leads/:id/restore",
    allow: PARTNER,
    tag: "leads",
    summary: "Return an archived lead to where it was: on the board, or among the lost",
    params: LeadIdParam,
    body: ReopenLeadBody,
    responses: { 200: positioned(Lead) },
    handle: async ({ req, res, params: { id }, body }, ctx) =>
      answer(res, 200, await ctx.run(req, { type: "RestoreLead", leadId: id }, body?.expectedVersion)),
  }),
]);
