import { once } from "node:events";
import type { Response } from "express";
import { NotFoundError } from "@crm/contracts/api/errors";
import { AUDIT_EXPORT_MAX, AuditEntityState, AuditEventPage, type AuditEvent } from "@crm/contracts/audit/workbench";
import { AuditEntityParam, AuditEntityQuery, AuditEventsQuery, AuditFilterQuery, type AuditFilter } from "@crm/contracts/audit/workbench-query";
import { actorOf } from "@crm/contracts/history/build-history";
import { entityState } from "@crm/contracts/history/entity-state";
import { formatCsv } from "@crm/contracts/lead/csv";
import type { Queryable } from "@crm/infra/db/database";
import { streamTypeOf, type EventStore } from "@crm/infra/event-store/event-store";
import { encodePosition } from "@crm/infra/event-store/position";
import { AUDIT_READERS } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { actorNames } from "../history/history.queries.ts";
import { auditEventPage, type AuditRow } from "./workbench.queries.ts";

export interface WorkbenchDeps {
  /** Reads the users read model (actors' names) besides the log and its chain. */
  db: Queryable;
  store: EventStore;
  now: () => Date;
}

/** "meeting-<uuid>" is a meeting whose id is the rest; a stream with no prefix is its own kind. */
function entityOf(streamId: string): AuditEvent["entity"] {
  const kind = streamTypeOf(streamId);
  return { kind, id: streamId.slice(kind.length + 1) };
}

/** Rows as the workbench answers them, actors named from `names` (extended with those it lacks). */
async function eventsOf(db: Queryable, rows: readonly AuditRow[], names: Map<string, string>): Promise<AuditEvent[]> {
  const unknown = [...new Set(rows.map((r) => r.actor))].filter((id) => !names.has(id));
  for (const [id, name] of await actorNames(db, unknown)) names.set(id, name);
  return rows.map((r) => ({
    seq: Number(r.seq),
    eventId: r.event_id,
    position: encodePosition(r.transaction_id, r.global_position),
    at: r.at,
    type: r.event_type,
    streamId: r.stream_id,
    streamVersion: r.stream_version,
    entity: entityOf(r.stream_id),
    actor: actorOf(r.actor, names),
    data: r.data,
  }));
}

/** How many events an export reads per statement: its memory stays one batch, whatever the period. */
const EXPORT_BATCH = 1000;

/** Every event that passes the filter, newest first, at most AUDIT_EXPORT_MAX, one batch at a time. */
async function* exportedEvents(db: Queryable, filter: AuditFilter): AsyncGenerator<AuditEvent[]> {
  const names = new Map<string, string>();
  let before: number | undefined;
  for (let left = AUDIT_EXPORT_MAX; left > 0; ) {
    const size = Math.min(EXPORT_BATCH, left);
    const rows = await auditEventPage(db, filter, before, size);
    if (rows.length > 0) yield await eventsOf(db, rows, names);
    if (rows.length < size) return;
    left -= rows.length;
    before = Number(rows.at(-1)!.seq);
  }
}

/** Writes an export as its batches come, waiting whenever the client reads slower than the database answers. */
async function streamExport(res: Response, batches: AsyncGenerator<AuditEvent[]>, format: (events: AuditEvent[]) => string) {
  for await (const events of batches) if (!res.write(format(events))) await once(res, "drain");
  res.end();
}

const attachment = (res: Response, now: Date, extension: string) =>
  res.setHeader("Content-Disposition", `attachment; filename="audit-events-${now.toISOString().replace(/[:.]/g, "-")}.${extension}"`);

const CSV_HEADER = ["seq", "at", "actor", "actor name", "type", "entity kind", "entity id", "version", "position", "data"];

/** One CSV row per event, in CSV_HEADER order (formatCsv neutralises any cell a spreadsheet would run). */
const csvRow = (e: AuditEvent) => [
  String(e.seq),
  e.at,
  e.actor.id,
  e.actor.name ?? "",
  e.type,
  e.entity.kind,
  e.entity.id,
  String(e.streamVersion),
  e.position,
  JSON.stringify(e.data),
];

/** The audit workbench (docs/product.md, "Audit"): the whole log, filtered and exported, and any entity at any moment. */
export const auditWorkbenchRoutes = routeGroup((route: RouteBuilder<WorkbenchDeps>) => [
  route({
    method: "GET",
    path: "/api/audit/events",
    allow: AUDIT_READERS,
    tag: "audit",
    summary: "Every event of the log, newest first, filtered by actor, type, entity, period and text; ?before= pages",
    query: AuditEventsQuery,
    responses: { 200: AuditEventPage },
    cache: "no-store",
    handle: async ({ res, query: { before, limit, ...filter } }, { db }) => {
      const rows = await auditEventPage(db, filter, before, limit + 1);
      const page = rows.slice(0, limit);
      const answer: AuditEventPage = {
        events: await eventsOf(db, page, new Map()),
        next: rows.length > limit ? Number(page.at(-1)!.seq) : null,
      };
      res.json(answer);
    },
  }),
  route({
    method: "GET",
    path: "/api/audit/events.jsonl",
    allow: AUDIT_READERS,
    tag: "audit",
    summary: `The filtered events as JSON lines, newest first, at most ${AUDIT_EXPORT_MAX}`,
    query: AuditFilterQuery,
    responses: { 200: { mediaType: "application/x-ndjson" } },
    cache: "no-store",
    handle: async ({ res, query }, { db, now }) => {
      attachment(res, now(), "jsonl").type("application/x-ndjson");
      await streamExport(res, exportedEvents(db, query), (events) => events.map((e) => `${JSON.stringify(e)}\n`).join(""));
    },
  }),
  route({
    method: "GET",
    path: "/api/audit/events.csv",
    allow: AUDIT_READERS,
    tag: "audit",
    summary: `The filtered events as CSV (spreadsheet-safe), newest first, at most ${AUDIT_EXPORT_MAX}`,
    query: AuditFilterQuery,
    responses: { 200: { mediaType: "text/csv" } },
    cache: "no-store",
    handle: async ({ res, query }, { db, now }) => {
      attachment(res, now(), "csv").type("text/csv; charset=utf-8");
      res.write(formatCsv([CSV_HEADER]));
      await streamExport(res, exportedEvents(db, query), (events) => (events.length ? formatCsv(events.map(csvRow)) : ""));
    },
  }),
  route({
    method: "GET",
    path: "/api/audit/entities/:streamId",
    allow: AUDIT_READERS,
    tag: "audit",
    summary: "An entity (any stream: lead, meeting, user, task, submission…) as its events made it at a moment (?at=, default now)",
    params: AuditEntityParam,
    query: AuditEntityQuery,
    responses: { 200: AuditEntityState },
    cache: "no-store",
    handle: async ({ res, params: { streamId }, query }, { db, store, now }) => {
      const events = await store.readStream(streamId);
      if (events.length === 0) throw new NotFoundError("Entity");
      const at = query.at ?? now().toISOString();
      const until = Date.parse(at);
      const upTo = events.filter((e) => Date.parse(e.metadata.at) <= until);
      const last = upTo.at(-1);
      const names = await actorNames(db, last ? [last.metadata.actor] : []);
      const answer: AuditEntityState = {
        streamId,
        kind: streamTypeOf(streamId),
        at,
        exists: last !== undefined,
        version: last?.streamVersion ?? 0,
        state: entityState(streamId, upTo),
        lastEvent: last ? { type: last.type, at: last.metadata.at, actor: actorOf(last.metadata.actor, names) } : null,
      };
      res.json(answer);
    },
  }),
]);
