import { z } from "zod";
import { Activity } from "@crm/contracts/activity/activity";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED, CLIENT_READERS } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { directorReading, requireOwnClient } from "../creative/client-access.ts";
import { activitiesOfLead, recentActivities, usersTableExists } from "./activities.queries.ts";

const RecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
const LeadQuery = z.object({ leadId: z.uuid("Lead ids are UUIDs"), limit: z.coerce.number().int().min(1).max(500).default(100) });

export interface ActivityReadDeps {
  db: Queryable;
  /** The database as a Creative Director's reads use it, which also needs the leads (default: db). */
  scoped?: Queryable;
}

/** What the activity routes share: whether the users table has been seen, asked until it has. */
function setup({ db, scoped = db }: ActivityReadDeps) {
  let usersSeen = false;
  const withNames = async () => (usersSeen ||= await usersTableExists(db));
  return { db, scoped, withNames };
}

/** GET /api/activities/recent and /api/activities?leadId= from the activities read model. */
export const activityReadRoutes = routeGroup(setup, (route) => [
  route({
    method: "GET",
    path: "/api/activities/recent",
    allow: APPROVED,
    tag: "dashboard",
    summary: "Recent activity across leads (a Creative Director's: their own clients)",
    query: RecentQuery,
    responses: { 200: z.array(Activity) },
    handle: async ({ req, res, query: { limit } }, { db, scoped, withNames }) => {
      // A Creative Director's dashboard covers their own clients only (docs/product.md, "Roles").
      const director = directorReading(req) ?? undefined;
      res.json(
        director === undefined
          ? await recentActivities(db, await withNames(), limit)
          : await recentActivities(scoped, await withNames(), limit, director),
      );
    },
  }),
  route({
    method: "GET",
    path: "/api/activities",
    allow: CLIENT_READERS,
    tag: "leads",
    summary: "A lead's timeline (a Creative Director's own clients' only)",
    query: LeadQuery,
    responses: { 200: z.array(Activity) },
    handle: async ({ req, res, query: { leadId, limit } }, { db, scoped, withNames }) => {
      if (directorReading(req) === null) return void res.json(await activitiesOfLead(db, await withNames(), leadId, limit));
      await requireOwnClient(scoped, req, leadId);
      res.json(await activitiesOfLead(scoped, await withNames(), leadId, limit));
    },
  }),
]);
