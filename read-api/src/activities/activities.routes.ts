import { Router } from "express";
import { z } from "zod";
import type { Activity } from "@crm/contracts/activity/activity";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";

const COLUMNS = `id, lead_id AS "leadId", type, title, description, created_at AS "createdAt", created_by AS "createdBy", NULL AS "userLabel"`;

const RecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
const LeadQuery = z.object({ leadId: z.uuid("Lead ids are UUIDs"), limit: z.coerce.number().int().min(1).max(500).default(100) });

/** GET /api/activities/recent and /api/activities?leadId= from the activities read model. */
export function activityReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  router.get("/api/activities/recent", async (req, res) => {
    const { limit } = parseOr400(RecentQuery, req.query, "query");
    const { rows } = await db.query<Activity>(`SELECT ${COLUMNS} FROM activities ORDER BY position DESC LIMIT $1`, [limit]);
    res.json(rows);
  });
  router.get("/api/activities", async (req, res) => {
    const { leadId, limit } = parseOr400(LeadQuery, req.query, "query");
    const { rows } = await db.query<Activity>(`SELECT ${COLUMNS} FROM activities WHERE lead_id = $1 ORDER BY position DESC LIMIT $2`, [leadId, limit]);
    res.json(rows);
  });
  return router;
}
