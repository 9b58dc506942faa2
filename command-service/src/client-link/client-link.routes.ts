import { Router } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { IssueClientLinkBody, RevokeClientLinkBody, type ClientLinkRevokedResult } from "@crm/contracts/client-link/client-link";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { parseOr400 } from "@crm/infra/http/validate";
import { handleCommand } from "../core/command-handler.ts";
import { actorOf, commandOptions } from "../core/command-context.ts";
import { clientLinkDecider } from "./client-link.decider.ts";
import { issueClientLink, type ClientLinkDeps } from "./issue-client-link.ts";

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

/** POST /api/leads/:id/client-link (a new link, shown once) and DELETE /api/leads/:id/client-link (revoke). */
export function clientLinkCommandRoutes(deps: ClientLinkDeps): Router {
  const router = Router();

  router.post("/api/leads/:id/client-link", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { purpose, expiresInDays } = parseOr400(IssueClientLinkBody, req.body ?? {});
    const created = await issueClientLink(deps, req, { leadId: id, purpose, expiresInDays });
    res.status(201).setHeader("Cache-Control", "no-store").json(created);
  });

  router.delete("/api/leads/:id/client-link", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { purpose } = parseOr400(RevokeClientLinkBody, req.body ?? {});
    if ((await deps.store.readStream(leadStreamId(id))).length === 0) throw new NotFoundError("Lead");
    const command = { type: "RevokeClientLink" as const, leadId: id, purpose, revokedBy: actorOf(req) };
    const outcome = await handleCommand(deps.store, clientLinkStreamId(id), clientLinkDecider, command, commandOptions(req, deps));
    const revoked = outcome.events.find((e) => e.type === "ClientLinkRevoked");
    const body: ClientLinkRevokedResult = {
      revoked: revoked?.type === "ClientLinkRevoked" ? revoked.data.linkId : null,
      version: outcome.version,
      position: outcome.position,
    };
    res.status(200).json(body);
  });

  return router;
}
