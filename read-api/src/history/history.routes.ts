import { Router, type Response } from "express";
import { z } from "zod";
import { NotFoundError, ValidationError } from "@crm/contracts/api/errors";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { buildHistory } from "@crm/contracts/history/build-history";
import { AsOfQuery, type AsOf, type LeadHistory } from "@crm/contracts/history/history";
import { replayLead } from "@crm/contracts/history/lead-snapshot";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { decodePosition, normalizePosition } from "@crm/infra/event-store/position";
import { parseOr400 } from "@crm/infra/http/validate";
import { renderHistoryHtml } from "./history-html.ts";
import { actorNames, readLeadEvents } from "./history.queries.ts";

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

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

async function loadHistory({ db, store }: HistoryDeps, leadId: string): Promise<LeadHistory> {
  const events = await readLeadEvents(db, store, leadId);
  if (!events.some((e) => e.streamId === leadStreamId(leadId))) throw new NotFoundError("Lead");
  const names = await actorNames(db, events.map((e) => e.metadata.actor));
  return { leadId, erased: events.some((e) => e.type === "LeadErased"), entries: buildHistory(events, names) };
}

/** The lead's name for titles: its latest name in the history, else its id. */
const titleOf = (history: LeadHistory) =>
  history.entries.flatMap((e) => e.changes.filter((c) => c.field === "name" && typeof c.after === "string").map((c) => c.after as string)).at(-1) ?? history.leadId;

const download = (res: Response, leadId: string, extension: string) =>
  res.setHeader("Content-Disposition", `attachment; filename="lead-${leadId}-history.${extension}"`);

/**
 * Lead history (GET /api/leads/{id}/history, .jsonl, .html) and time travel
 * (GET /api/leads/{id}?asOf=); without asOf the lead read route answers from the read model.
 */
export function historyReadRoutes(deps: HistoryDeps): Router {
  const router = Router();
  router.get("/api/leads/:id", async (req, res, next) => {
    if (req.query.asOf === undefined) return next();
    const { id } = parseOr400(LeadId, req.params, "id");
    const { asOf } = parseOr400(AsOfQuery, { asOf: req.query.asOf }, "query");
    const lead = replayLead(await leadEventsAsOf(deps.store, id, asOf));
    if (!lead) throw new NotFoundError("Lead at that time");
    res.setHeader("Cache-Control", "private, no-store").json(lead);
  });
  router.get("/api/leads/:id/history", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    res.setHeader("Cache-Control", "private, no-store").json(await loadHistory(deps, id));
  });
  router.get("/api/leads/:id/history.jsonl", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const history = await loadHistory(deps, id);
    download(res, id, "jsonl").type("application/x-ndjson");
    res.send(history.entries.map((e) => JSON.stringify(e)).join("\n") + (history.entries.length ? "\n" : ""));
  });
  router.get("/api/leads/:id/history.html", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const history = await loadHistory(deps, id);
    if (req.query.download !== undefined) download(res, id, "html");
    res.type("html").send(renderHistoryHtml(history, titleOf(history), deps.now().toISOString()));
  });
  return router;
}
