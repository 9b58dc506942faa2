import { LogActivityBody } from "@crm/contracts/activity/commands";
import { CommandResult } from "@crm/contracts/api/command-result";
import { LeadIdParam } from "@crm/contracts/api/params";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { setup } from "./lead.routes.ts";

/** Logging a call, note, proposal or contract on a lead (docs/product.md, "Lead page", Log activity). */
export const leadActivityRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/leads/:id/activities",
    allow: STAFF,
    tag: "leads",
    summary: "Log a call, note, proposal or contract on a lead, with an optional follow-up date; it joins the timeline and the history",
    params: LeadIdParam,
    body: LogActivityBody,
    responses: { 201: CommandResult },
    handle: async ({ req, res, params: { id }, body }, { run }) => {
      const outcome = await run(req, { type: "LogActivity", leadId: id, activity: body });
      res.status(201).setHeader("ETag", `"${outcome.version}"`).json({ id, version: outcome.version, position: outcome.position });
    },
  }),
]);
