import { z } from "zod";
import { OnboardingActivity } from "@crm/contracts/onboarding/onboarding";
import type { Queryable } from "@crm/infra/db/database";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { recentOnboardingActivities } from "./onboarding.queries.ts";

const ActivityQuery = z.object({
  leadId: z.uuid("Lead ids are UUIDs").optional(),
  limit: z.coerce
    .number({ error: "Limit is a whole number" })
    .int("Limit is a whole number")
    .min(1, "At least 1")
    .max(100, "At most 100")
    .default(10),
});

/** GET /api/onboarding/activities?leadId=&limit=: the onboarding read model's recent entries. */
export const onboardingReadRoutes = routeGroup((route: RouteBuilder<{ db: Queryable }>) => [
  route({
    method: "GET",
    path: "/api/onboarding/activities",
    allow: STAFF,
    tag: "onboarding",
    summary: "Recent onboarding activities",
    query: ActivityQuery,
    responses: { 200: z.array(OnboardingActivity) },
    handle: async ({ res, query: { leadId, limit } }, { db }) => void res.json(await recentOnboardingActivities(db, leadId, limit)),
  }),
]);
