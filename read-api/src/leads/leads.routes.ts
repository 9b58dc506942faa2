import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { LEAD_STAGES, LeadBoardQuery, LeadListQuery, type Stats } from "@crm/contracts/lead/lead";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";
import { createLeadListCache, leadsStamp, type LeadList } from "./lead-list-cache.ts";
import { boardJson, getLead, getStats, listLeadsJson, type LeadFilter } from "./leads.queries.ts";

/** Smaller lists go as they are: compressing them costs more than it saves. */
const GZIP_FROM_BYTES = 8 * 1024;

/** A rendered list with its entity tag: 304 when the client has it, gzipped when large and welcome. */
async function sendList(req: Request, res: Response, list: LeadList) {
  res.set({ ETag: list.etag, "Cache-Control": "private, no-cache" }).vary("Accept-Encoding");
  if (req.fresh) return void res.status(304).end();
  res.type("json");
  if (list.json.length < GZIP_FROM_BYTES || req.acceptsEncodings("gzip", "identity") !== "gzip") return void res.send(list.json);
  res.set("Content-Encoding", "gzip").send(await list.gzipped());
}

/** Who asks: the identity layer sets req.actor; before it does, commands are recorded as "system". */
const actorOf = (req: Request) => (req as Request & { actor?: string }).actor ?? "system";
const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

/**
 * GET /api/leads (?search, ?stage, ?priority, ?mine=true: every matching lead), GET /api/leads/board
 * (the same filters, each column's count and first page), /api/leads/:id and /api/stats, from the
 * leads read model.
 */
export function leadReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  const lists = createLeadListCache(db, (filter: LeadFilter) => listLeadsJson(db, filter));
  const boards = createLeadListCache(db, ({ limits, ...filter }: LeadFilter & { limits: number[] }) => boardJson(db, filter, limits));
  router.get("/api/leads", async (req, res) => {
    const { mine, ...filter } = parseOr400(LeadListQuery, req.query, "query");
    await sendList(req, res, await lists.get({ ...filter, ...(mine === "true" ? { mineOf: actorOf(req) } : {}) }));
  });
  router.get("/api/leads/board", async (req, res) => {
    const { mine, limit, limits, ...filter } = parseOr400(LeadBoardQuery, req.query, "query");
    const query = { ...filter, ...(mine === "true" ? { mineOf: actorOf(req) } : {}), limits: limits ?? LEAD_STAGES.map(() => limit) };
    await sendList(req, res, await boards.get(query));
  });
  router.get("/api/leads/:id", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const lead = await getLead(db, id);
    if (!lead) throw new NotFoundError("Lead");
    res.setHeader("ETag", `"${lead.version}"`).json(lead);
  });
  // Stats are counts over every lead: counted once per leads stamp, like the rendered lists. A
  // Creative Director's cover their own clients only, counted for each request.
  let stats: { stamp: string; counted: Promise<Stats> } | undefined;
  router.get("/api/stats", async (req, res) => {
    if (req.user?.role === "Creative Director") return void res.json(await getStats(db, req.user.id));
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
