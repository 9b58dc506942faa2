import { Router } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { LeadPriority, LeadStage } from "@crm/contracts/lead/lead";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";
import { getLead, getStats, listLeads } from "./leads.queries.ts";

const LeadQuery = z.object({
  search: z.string().trim().max(200).optional(),
  stage: LeadStage.optional(),
  priority: LeadPriority.optional(),
});
const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

/** GET /api/leads, /api/leads/:id and /api/stats from the leads read model. */
export function leadReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  router.get("/api/leads", async (req, res) => {
    res.json(await listLeads(db, parseOr400(LeadQuery, req.query, "query")));
  });
  router.get("/api/leads/:id", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const lead = await getLead(db, id);
    if (!lead) throw new NotFoundError("Lead");
    res.setHeader("ETag", `"${lead.version}"`).json(lead);
  });
  router.get("/api/stats", async (_req, res) => {
    res.json(await getStats(db));
  });
  return router;
}
