import type { Response } from "express";
import { NotFoundError, ValidationError } from "@crm/contracts/api/errors";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { buildHistory } from "@crm/contracts/history/build-history";
import { LeadIdParam } from "@crm/contracts/api/params";
import { LeadHistory, type AsOf } from "@crm/contracts/history/history";
import { replayLead } from "@crm/contracts/history/lead-snapshot";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { decodePosition, normalizePosition } from "@crm/infra/event-store/position";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import type { Lead } from "@crm/contracts/lead/lead";
import { renderHistoryHtml } from "./history-html.ts";
import { actorNames, readLeadEvents } from "./history.queries.ts";
import { readerTimeZone } from "./reader-time-zone.ts";

export interface HistoryDeps {
  db: Queryable;
  store: EventStore;
  now: () => Date;
}

/** A position the store can take: fixed width and within its range, else a 400 naming asOf. */
function checkedPosition(position: string): string {
  try {
    decodePosition(position); // range checks: beyond them SQL would fail
    return normalizePosition(position);
  } catch {
    throw new ValidationError([{ field: "asOf", message: "Not a log position" }]);
  }
}

/** The lead's own events up to an instant or a position, in stream order. */
async function leadEventsAsOf(store: EventStore, leadId: string, asOf: AsOf): Promise<RecordedEvent[]> {
  if (asOf.kind === "position") return store.readStream(leadStreamId(leadId), { toPosition: checkedPosition(asOf.position) });
  const events = await store.readStream(leadStreamId(leadId));
  const until = Date.parse(asOf.at);
  return events.filter((e) => Date.parse(e.metadata.at) <= until);
}

/** Time travel (GET /api/leads/:id?asOf=): the lead as it was then, replayed from its stream; 404 before it existed. */
export async function leadAsOf(store: EventStore, leadId: string, asOf: AsOf): Promise<Lead> {
  const lead = replayLead(await leadEventsAsOf(store, leadId, asOf));
  if (!lead) throw new NotFoundError("Lead at that time");
  return lead;
}

/** The lead's history as its reader (req.actor) sees it: entries in log order and the zone their times are read in. */
async function loadHistory({ db, store }: HistoryDeps, leadId: string, reader: string | undefined): Promise<LeadHistory> {
  const [events, timeZone] = await Promise.all([readLeadEvents(db, store, leadId), readerTimeZone(store, reader)]);
  if (!events.some((e) => e.streamId === leadStreamId(leadId))) throw new NotFoundError("Lead");
  const names = await actorNames(
    db,
    events.map((e) => e.metadata.actor),
  );
  return { leadId, erased: events.some((e) => e.type === "LeadErased"), timeZone, entries: buildHistory(events, names) };
}

/** The lead's name for titles: its latest name in the history, else its id. */
const titleOf = (history: LeadHistory) =>
  history.entries
    .flatMap((e) => e.changes.filter((c) => c.field === "name" && typeof c.after === "string").map((c) => c.after as string))
    .at(-1) ?? history.leadId;

const download = (res: Response, leadId: string, extension: string) =>
  res.setHeader("Content-Disposition", `attachment; filename="lead-${leadId}-history.${extension}"`);

const noStore = (res: Response) => res.setHeader("Cache-Control", "private, no-store");

/** Lead history: its entries as JSON, as JSON lines and as a printable page. */
export const historyReadRoutes = routeGroup((route: RouteBuilder<HistoryDeps>) => [
  route({
    method: "GET",
    path: "/api/leads/:id/history",
    allow: STAFF,
    tag: "audit",
    summary: "Every event of the lead and its related streams, with who, when, what changed",
    params: LeadIdParam,
    responses: { 200: LeadHistory },
    handle: async ({ req, res, params }, deps) => void noStore(res).json(await loadHistory(deps, params.id, req.actor)),
  }),
  route({
    method: "GET",
    path: "/api/leads/:id/history.jsonl",
    allow: STAFF,
    tag: "audit",
    summary: "The history as JSON lines (one entry per line)",
    params: LeadIdParam,
    responses: { 200: { mediaType: "application/x-ndjson" } },
    handle: async ({ req, res, params }, deps) => {
      const history = await loadHistory(deps, params.id, req.actor);
      download(res, params.id, "jsonl").type("application/x-ndjson");
      res.send(history.entries.map((e) => JSON.stringify(e)).join("\n") + (history.entries.length ? "\n" : ""));
    },
  }),
  route({
    method: "GET",
    path: "/api/leads/:id/history.html",
    allow: STAFF,
    tag: "audit",
    summary: "The history as a printable HTML report (?download to save it)",
    params: LeadIdParam,
    responses: { 200: { mediaType: "text/html" } },
    handle: async ({ req, res, params }, deps) => {
      const history = await loadHistory(deps, params.id, req.actor);
      if (req.query.download !== undefined) download(res, params.id, "html");
      res.type("html").send(renderHistoryHtml(history, titleOf(history), deps.now().toISOString()));
    },
  }),
]);
