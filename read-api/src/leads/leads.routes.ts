import type { Request, Response } from "express";
import { z } from "zod";
import { ForbiddenError, NotFoundError } from "@crm/contracts/api/errors";
import { LeadIdParam } from "@crm/contracts/api/params";
import { AsOfQuery } from "@crm/contracts/history/history";
import { CHART_WEEKS, PipelineCharts } from "@crm/contracts/lead/answers";
import {
  ClosedLeadsQuery,
  LEAD_STAGES,
  Lead,
  LeadBoard,
  LeadBoardQuery,
  LeadListQuery,
  PipelineChartsQuery,
  Stats,
} from "@crm/contracts/lead/lead";
import { recentWeeks } from "@crm/contracts/time/date-time";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { APPROVED, CLIENT_READERS, STAFF } from "@crm/infra/http/access-policy";
import { actorOf } from "@crm/infra/http/auth-context";
import { chooseCoding, COMPRESS_FROM_BYTES } from "@crm/infra/http/content-coding";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { directorReading, NOT_YOUR_CLIENT } from "../creative/client-access.ts";
import { leadAsOf } from "../history/history.routes.ts";
import { agencySettingsReader } from "../settings/agency-settings.ts";
import { createLeadListCache, leadsStamp, watchedLeadsStamp, type LeadList, type StampWatcher } from "./lead-list-cache.ts";
import { boardJson, closedLeadsJson, getLead, getPipelineCharts, getStats, listLeadsJson, stageDefaults, type LeadFilter } from "./leads.queries.ts";

/**
 * A rendered list with its entity tag: 304 when the client has it; else compressed in the coding
 * the client prefers, once per list and coding rather than at every answer as the compression
 * middleware would (the 6 MB of every lead: 34 ms of CPU each time; decision 051).
 */
async function sendList(req: Request, res: Response, list: LeadList) {
  res.set({ ETag: list.etag }).vary("Accept-Encoding");
  if (req.fresh) return void res.status(304).end();
  res.type("json");
  const coding = list.json.length >= COMPRESS_FROM_BYTES ? chooseCoding(req) : undefined;
  if (!coding) return void res.send(list.json);
  res.set("Content-Encoding", coding).send(await list.compressed(coding));
}

export interface LeadReadDeps {
  db: Queryable;
  /** For ?asOf=: the event store the lead is replayed from. */
  store: EventStore;
  /** The checkpoint watcher: with it, a cached list is answered without asking the checkpoints (watchedLeadsStamp). */
  watcher?: StampWatcher;
  /** The clock: the chart's weeks end with the one holding now. */
  now: () => Date;
}

/** What the lead routes share: the rendered lists and boards, the stats counted once per leads stamp, the stages' default probabilities. */
function setup({ db, store, watcher, now }: LeadReadDeps) {
  const stamp = watcher ? watchedLeadsStamp(db, watcher) : () => leadsStamp(db);
  return {
    db,
    store,
    now,
    lists: createLeadListCache(db, (filter: LeadFilter) => listLeadsJson(db, filter), { stamp }),
    boards: boardCache(db, store, stamp),
    stats: countedOncePerStamp(db, stamp),
  };
}

/**
 * The rendered boards. Their weighted totals take each stage's default probability from the
 * agency's settings, read when a board is rendered (a cache miss), never on a hit: a settings
 * change is an event in the log, and the leads checkpoint moves past every event of the log
 * (projector/src/batch-applier.ts), so the leads stamp the boards are kept under moves with it and
 * the next read renders them again with the new defaults, as X-Min-Position readers expect.
 */
function boardCache(db: Queryable, store: EventStore, stamp: () => Promise<string>) {
  const settings = agencySettingsReader(store);
  const defaults = async (): Promise<number[]> => stageDefaults((await settings()).stageProbabilities);
  return createLeadListCache(
    db,
    async ({ limits, ...filter }: LeadFilter & { limits: number[] }) => boardJson(db, filter, limits, await defaults()),
    { stamp },
  );
}

/**
 * Stats are counts over every lead: counted once per leads stamp, like the rendered lists. A
 * Creative Director's cover their own clients only, counted for each request.
 */
function countedOncePerStamp(db: Queryable, stampOf: () => Promise<string>) {
  let stats: { stamp: string; counted: Promise<Stats> } | undefined;
  return async (): Promise<Stats> => {
    const stamp = await stampOf();
    if (stats?.stamp !== stamp) {
      const counted = getStats(db);
      stats = { stamp, counted };
      counted.catch(() => (stats = stats?.counted === counted ? undefined : stats));
    }
    return stats.counted;
  };
}

/** ?owner= names the owner; ?mine=true is the reader (mine wins when both are given). */
const ownerOf = (req: Request, mine: string | undefined, owner: string | undefined): { owner?: string } =>
  mine === "true" ? { owner: actorOf(req) } : owner ? { owner } : {};

/** GET /api/leads/lost or /api/leads/archived: the Lost and Archived views, newest first. */
const closedLeadsRoute = (route: RouteBuilder<ReturnType<typeof setup>>, status: "lost" | "archived", summary: string) =>
  route({
    method: "GET",
    path: `/api/leads/${status}`,
    allow: STAFF,
    tag: "leads",
    summary,
    query: ClosedLeadsQuery,
    responses: { 200: z.array(Lead) },
    handle: async ({ res, query: { search } }, { db }) =>
      void res.type("json").send(await closedLeadsJson(db, status, search)),
  });

/** The leads read model: every matching lead, the board, one lead (or, with ?asOf=, the lead as it was) and the pipeline's counts. */
export const leadReadRoutes = routeGroup(setup, (route) => [
  route({
    method: "GET",
    path: "/api/leads",
    allow: STAFF,
    tag: "leads",
    summary: "Every lead matching the filter, in board order (CSV export)",
    query: LeadListQuery,
    responses: { 200: z.array(Lead) },
    handle: async ({ req, res, query: { mine, owner, ...filter } }, { lists }) =>
      sendList(req, res, await lists.get({ ...filter, ...ownerOf(req, mine, owner) })),
  }),
  route({
    method: "GET",
    path: "/api/leads/board",
    allow: STAFF,
    tag: "leads",
    summary: "The board: each column's count and first leads (?limit= each, or ?limits= one per stage), filtered",
    query: LeadBoardQuery,
    responses: { 200: LeadBoard },
    handle: async ({ req, res, query: { mine, owner, limit, limits, ...filter } }, { boards }) => {
      const query = { ...filter, ...ownerOf(req, mine, owner), limits: limits ?? LEAD_STAGES.map(() => limit) };
      await sendList(req, res, await boards.get(query));
    },
  }),
  closedLeadsRoute(route, "lost", "The leads closed as lost, newest first (at most 500), optionally searched"),
  closedLeadsRoute(route, "archived", "The archived leads, newest first (at most 500), optionally searched"),
  route({
    method: "GET",
    path: "/api/leads/:id",
    allow: CLIENT_READERS,
    tag: "leads",
    summary:
      "One lead, open, lost or archived (a Creative Director's own clients only); with ?asOf= (an instant or a log position) the lead as it was then, replayed from its stream (not for Creative Directors: history is staff's)",
    params: LeadIdParam,
    query: AsOfQuery.partial(),
    responses: { 200: Lead },
    handle: async ({ req, res, params: { id }, query: { asOf } }, { db, store }) => {
      const director = directorReading(req);
      if (asOf) {
        // Time travel is the lead's history, which stays with Partners and Project Managers (docs/product.md, "Roles").
        if (director !== null) throw new ForbiddenError("Your role does not allow this.");
        return void res.setHeader("Cache-Control", "private, no-store").json(await leadAsOf(store, id, asOf));
      }
      const lead = await getLead(db, id);
      if (!lead) throw new NotFoundError("Lead");
      if (director !== null && lead.creativeDirectorId !== director) throw new ForbiddenError(NOT_YOUR_CLIENT);
      res.setHeader("ETag", `"${lead.version}"`).json(lead);
    },
  }),
  route({
    method: "GET",
    path: "/api/stats",
    allow: APPROVED,
    tag: "dashboard",
    summary: "Pipeline counts (a Creative Director's: their own clients)",
    responses: { 200: Stats },
    handle: async ({ req, res }, { db, stats }) =>
      void res.json(req.user?.role === "Creative Director" ? await getStats(db, req.user.id) : await stats()),
  }),
  route({
    method: "GET",
    path: "/api/stats/pipeline",
    allow: STAFF,
    tag: "dashboard",
    summary: `The dashboard's charts: every open lead by stage, and the open leads created in each of the last ${CHART_WEEKS} weeks (Monday-based, in the zone asked for)`,
    query: PipelineChartsQuery,
    responses: { 200: PipelineCharts },
    handle: async ({ res, query: { zone } }, { db, now }) => void res.json(await getPipelineCharts(db, recentWeeks(now(), zone, CHART_WEEKS))),
  }),
]);
