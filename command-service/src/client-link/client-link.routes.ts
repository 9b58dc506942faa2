import { NotFoundError } from "@crm/contracts/api/errors";
import { LeadIdParam } from "@crm/contracts/api/params";
import {
  ClientLinkCreated,
  ClientLinkRevokedResult,
  IssueClientLinkBody,
  RevokeClientLinkBody,
} from "@crm/contracts/client-link/client-link";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { handleCommand } from "../core/command-handler.ts";
import { actorOf, commandOptions } from "../core/command-context.ts";
import { clientLinkDecider } from "./client-link.decider.ts";
import { issueClientLink, type ClientLinkDeps } from "./issue-client-link.ts";

/** POST /api/leads/:id/client-link (a new link, shown once) and DELETE /api/leads/:id/client-link (revoke). */
export const clientLinkCommandRoutes = routeGroup((route: RouteBuilder<ClientLinkDeps>) => [
  route({
    method: "POST",
    path: "/api/leads/:id/client-link",
    allow: STAFF,
    tag: "onboarding",
    summary: "Create a client link (its URL is shown once; replaces the live one)",
    params: LeadIdParam,
    body: IssueClientLinkBody,
    responses: { 201: ClientLinkCreated },
    handle: async ({ req, res, params: { id }, body: { purpose, expiresInDays } }, deps) => {
      const created = await issueClientLink(deps, req, { leadId: id, purpose, expiresInDays });
      res.status(201).setHeader("Cache-Control", "no-store").json(created);
    },
  }),
  route({
    method: "DELETE",
    path: "/api/leads/:id/client-link",
    allow: STAFF,
    tag: "onboarding",
    summary: "Revoke the lead's client link",
    params: LeadIdParam,
    body: RevokeClientLinkBody,
    responses: { 200: ClientLinkRevokedResult },
    handle: async ({ req, res, params: { id }, body: { purpose } }, deps) => {
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
    },
  }),
]);
