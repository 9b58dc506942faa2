import { Router } from "express";
import { z } from "zod";
import type { OnboardingActivity } from "@crm/contracts/onboarding/onboarding";
import { ONBOARDING_STAGE_ORDER } from "@crm/contracts/onboarding/steps";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";

const ActivityQuery = z.object({
  leadId: z.uuid("Lead ids are UUIDs").optional(),
  limit: z.coerce
    .number({ error: "Limit is a whole number" })
    .int("Limit is a whole number")
    .min(1, "At least 1")
    .max(100, "At most 100")
    .default(10),
});

/**
 * Recent onboarding activities of the leads that are in onboarding now, newest first: the onboarding
 * read model joined with the leads (names, current stage) and users (who did it) at read time.
 */
const RECENT = `
  SELECT a.id, a.lead_id AS "leadId", l.name AS "leadName", l.business, a.type, a.title, a.description,
         a.created_at AS "createdAt", a.created_by AS "createdBy",
         CASE WHEN a.created_by = 'public' THEN 'Client' ELSE COALESCE(u.display_name, a.created_by) END AS "userLabel"
  FROM onboarding_activities a
  JOIN leads l ON l.id = a.lead_id AND l.stage = ANY($1::text[])
  LEFT JOIN users u ON u.id::text = a.created_by
  WHERE ($2::uuid IS NULL OR a.lead_id = $2::uuid)
  ORDER BY a.position DESC
  LIMIT $3`;

/** GET /api/onboarding/activities?leadId=&limit=. */
export function onboardingReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  router.get("/api/onboarding/activities", async (req, res) => {
    const { leadId, limit } = parseOr400(ActivityQuery, req.query, "query");
    const { rows } = await db.query<OnboardingActivity>(RECENT, [[...ONBOARDING_STAGE_ORDER], leadId ?? null, limit]);
    res.json(rows);
  });
  return router;
}
