import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { QuestionnaireResponse, QuestionnaireVersion } from "@crm/contracts/questionnaire/questionnaire";
import type { Queryable } from "@crm/infra/db/database";
import { CLIENT_READERS } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { requireOwnClient } from "../creative/client-access.ts";
import { getResponse, listVersions } from "./questionnaire.queries.ts";

const LeadParams = z.object({ leadId: z.uuid("Lead ids are UUIDs") });
const VersionQuery = z.object({
  version: z.coerce
    .number({ error: "Version is a whole number" })
    .int("Version is a whole number")
    .min(1, "Versions start at 1")
    .max(1_000_000)
    .optional(),
});

/**
 * GET /api/questionnaire/:leadId (latest, or ?version=n) and GET /api/questionnaire/:leadId/versions.
 * A Creative Director reads only their own clients' answers: another lead's are a 403 (docs/product.md, "Roles").
 */
export const questionnaireReadRoutes = routeGroup((route: RouteBuilder<{ db: Queryable }>) => [
  route({
    method: "GET",
    path: "/api/questionnaire/:leadId",
    allow: CLIENT_READERS,
    tag: "onboarding",
    summary: "A lead's latest questionnaire answers (?version=n: that version)",
    params: LeadParams,
    query: VersionQuery,
    responses: { 200: QuestionnaireResponse },
    handle: async ({ req, res, params: { leadId }, query: { version } }, { db }) => {
      await requireOwnClient(db, req, leadId);
      const response = await getResponse(db, leadId, version);
      if (!response) throw new NotFoundError(version === undefined ? "Questionnaire response" : `Version ${version} of the questionnaire`);
      res.json(response);
    },
  }),
  route({
    method: "GET",
    path: "/api/questionnaire/:leadId/versions",
    allow: CLIENT_READERS,
    tag: "onboarding",
    summary: "A lead's questionnaire versions",
    params: LeadParams,
    responses: { 200: z.array(QuestionnaireVersion) },
    handle: async ({ req, res, params: { leadId } }, { db }) => {
      await requireOwnClient(db, req, leadId);
      res.json(await listVersions(db, leadId));
    },
  }),
]);
