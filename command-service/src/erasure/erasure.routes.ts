import { LeadIdParam } from "@crm/contracts/api/params";
import { EraseLeadBody, EraseLeadResult } from "@crm/contracts/erasure/erasure";
import { PARTNER } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { commandMetadata, type CommandDeps } from "../core/command-context.ts";
import { eraseLead, type EraseLeadDeps } from "./erase-lead.ts";

export type ErasureRouteDeps = CommandDeps & EraseLeadDeps;

/** POST /api/leads/:id/erase {confirmation}: the right to erasure (Partner only). */
export const erasureCommandRoutes = routeGroup((route: RouteBuilder<ErasureRouteDeps>) => [
  route({
    method: "POST",
    path: "/api/leads/:id/erase",
    allow: PARTNER,
    tag: "audit",
    summary: "Erase the lead's personal data (typed confirmation)",
    params: LeadIdParam,
    body: EraseLeadBody,
    responses: { 200: EraseLeadResult },
    handle: async ({ req, res, params: { id }, body: { confirmation } }, deps) => {
      const result = await eraseLead(deps, { leadId: id, confirmation, metadata: commandMetadata(req, deps) });
      res.status(200).json(result);
    },
  }),
]);
