import { Router, type Request } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { LEAD_PRIORITIES, LeadStage, type Stats } from "@crm/contracts/lead/lead";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";
import { createLeadListCache, leadsStamp } from "./lead-list-cache.ts";
import { getLead, getStats } from "./leads.queries.ts";

const LeadQuery = z.object({
  search: z.string().trim().max(200, "At most 200 characters").optional(),
  stage: LeadStage.optional(),
  priority: z.enum(LEAD_PRIORITIES, { error: "Priority is high, medium or low" }).optional(),
  mine: z.enum(["true", "false"], { error: "Use true or false" }).optional(),
});

/** Smaller lists go as they are: compressing them costs more than it saves. */
const GZIP_FROM_BYTES = 8 * 1024;

/** Who asks: the identity layer sets req.actor; before it does, commands are recorded as "system". */
const actorOf = (req: Request) => (req as Request & { actor?: string }).actor ?? "system";
const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

/** GET /api/leads (?search, ?stage, ?priority, ?mine=true), /api/leads/:id and /api/stats from the leads read model. */
export function leadReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  const lists = createLeadListCache(db);
  router.get("/api/leads", async (req, res) => {
    const { mine, ...filter } = parseOr400(LeadQuery, req.query, "query");
    const list = await lists.get({ ...filter, ...(mine === "true" ? { mineOf: actorOf(req) } : {}) });
    res.set({ ETag: list.etag, "Cache-Control": "private, no-cache" }).vary("Accept-Encoding");
    if (req.fresh) return void res.status(304).end();
    res.type("json");
    if (list.json.length < GZIP_FROM_BYTES || req.acceptsEncodings("gzip", "identity") !== "gzip") return void res.send(list.json);
    const zipped = await list.gzipped();
    res.set("Content-Encoding", "gzip").send(zipped);
  });
  router.get("/api/leads/:id", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const lead = await getLead(db, id);
    if (!lead) throw new NotFoundError("Lead");
    res.setHeader("ETag", `"${lead.version}"`).json(lead);
  });
  // Stats are counts over every lead: counted once per leads stamp, like the rendered lists.
  let stats: { stamp: string; counted: Promise<Stats> } | undefined;
  router.get("/api/stats", async (_req, res) => {
    const stamp = await leadsStamp(db);
    if (stats?.stamp !== stamp) {
      const counted = getStats(db);
      stats = { stamp, counted };
      counted.catch(() => (stats = stats?.counted === counted ? undefined : stats));
    }
    res.json(await stats.counted);
  });
  return router;
}
