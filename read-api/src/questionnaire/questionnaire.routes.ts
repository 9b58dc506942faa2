import { Router, type Request } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";
import { getResponse, isDirectorOf, listVersions } from "./questionnaire.queries.ts";

const LeadParams = z.object({ leadId: z.uuid("Lead ids are UUIDs") });
const VersionQuery = z.object({
  version: z.coerce
    .number({ error: "Version is a whole number" })
    .int("Version is a whole number")
    .min(1, "Versions start at 1")
    .max(1_000_000)
    .optional(),
});

/** A Creative Director reads only their own clients' answers; to them another lead's do not exist. */
async function checkAccess(db: Queryable, req: Request, leadId: string) {
  if (req.user?.role !== "Creative Director") return;
  if (!(await isDirectorOf(db, leadId, req.user.id))) throw new NotFoundError("Questionnaire response");
}

/** GET /api/questionnaire/:leadId (latest, or ?version=n) and GET /api/questionnaire/:leadId/versions. */
export function questionnaireReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  router.get("/api/questionnaire/:leadId", async (req, res) => {
    const { leadId } = parseOr400(LeadParams, req.params, "leadId");
    const { version } = parseOr400(VersionQuery, req.query, "query");
    await checkAccess(db, req, leadId);
    const response = await getResponse(db, leadId, version);
    if (!response) throw new NotFoundError(version === undefined ? "Questionnaire response" : `Version ${version} of the questionnaire`);
    res.json(response);
  });
  router.get("/api/questionnaire/:leadId/versions", async (req, res) => {
    const { leadId } = parseOr400(LeadParams, req.params, "leadId");
    await checkAccess(db, req, leadId);
    res.json(await listVersions(db, leadId));
  });
  return router;
}
