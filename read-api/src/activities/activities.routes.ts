import { Router } from "express";
import { z } from "zod";
import type { Activity } from "@crm/contracts/activity/activity";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";

const COLUMNS = `a.id, a.lead_id AS "leadId", a.type, a.title, a.description, a.created_at AS "createdAt", a.created_by AS "createdBy"`;

const RecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
const LeadQuery = z.object({ leadId: z.uuid("Lead ids are UUIDs"), limit: z.coerce.number().int().min(1).max(500).default(100) });

/**
 * Who did it, as people read it: the user's display name from the users read model (identity's),
 * else the actor id ("system", "public", or a user not in the table). Names are joined at read time
 * so a renamed user reads right everywhere, and the timeline works before identity's table exists.
 */
function labelled(hasUsers: boolean, where: string): string {
  return hasUsers
    ? `SELECT ${COLUMNS}, COALESCE(u.display_name, a.created_by) AS "userLabel"
       FROM activities a LEFT JOIN public.users u ON u.id::text = a.created_by ${where}`
    : `SELECT ${COLUMNS}, a.created_by AS "userLabel" FROM activities a ${where}`;
}

/**
 * GET /api/activities/recent and /api/activities?leadId= from the activities read model; `scoped`
 * is the database as a Creative Director's recent activity reads it, which also needs the leads.
 */
export function activityReadRoutes({ db, scoped = db }: { db: Queryable; scoped?: Queryable }): Router {
  const router = Router();
  let usersSeen = false;
  const hasUsers = async () => {
    if (!usersSeen) {
      const { rows } = await db.query<{ found: boolean }>("SELECT to_regclass('public.users') IS NOT NULL AS found");
      usersSeen = rows[0]?.found === true;
    }
    return usersSeen;
  };
  router.get("/api/activities/recent", async (req, res) => {
    const { limit } = parseOr400(RecentQuery, req.query, "query");
    // A Creative Director's dashboard covers their own clients only (docs/product.md, "Roles").
    const director = req.user?.role === "Creative Director" ? req.user.id : null;
    const { rows } =
      director === null
        ? await db.query<Activity>(`${labelled(await hasUsers(), "")} ORDER BY a.position DESC LIMIT $1`, [limit])
        : await scoped.query<Activity>(
            `${labelled(await hasUsers(), "WHERE a.lead_id IN (SELECT id FROM leads WHERE creative_director_id = $2)")} ORDER BY a.position DESC LIMIT $1`,
            [limit, director],
          );
    res.json(rows);
  });
  router.get("/api/activities", async (req, res) => {
    const { leadId, limit } = parseOr400(LeadQuery, req.query, "query");
    const { rows } = await db.query<Activity>(`${labelled(await hasUsers(), "WHERE a.lead_id = $1")} ORDER BY a.position DESC LIMIT $2`, [leadId, limit]);
    res.json(rows);
  });
  return router;
}
