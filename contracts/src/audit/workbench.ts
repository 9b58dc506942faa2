/**
 * The audit workbench's answers (docs/product.md, "Audit"): every event across the system, filtered,
 * and any entity's state at a moment. zod/mini, so the workbench parses them cheaply; the queries
 * (zod classic, they check event types against the registry) are in workbench-query.ts.
 */
import { z } from "zod/mini";

/** GET /api/audit/events: a page holds 1..AUDIT_PAGE_MAX events, AUDIT_PAGE_DEFAULT unless ?limit= says otherwise. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** The exports (.jsonl, .csv) hold at most this many events, newest first: a wider period is narrowed first. */
export const AUDIT_EXPORT_MAX = 100_000;
/** ?q= is at most this long. */
export const AUDIT_TEXT_MAX = 200;

/** The filters the list and both exports take, combined with AND (as the query string carries them). */
export interface AuditEventFilters {
  /** An actor id: a user's uuid, "public" or "system". */
  actor?: string;
  /** An event type, as the log names it ("MeetingScheduled"). */
  type?: string;
  /** A stream id ("meeting-<uuid>"): one entity's events. */
  entity?: string;
  /** ISO instants, both inclusive. */
  from?: string;
  to?: string;
  /** A case-insensitive piece of the event's data. */
  q?: string;
}

/** Who caused an event: a staff user (named when the users read model knows them), the public questionnaire, or the system. */
export const AuditActor = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
});
export type AuditActor = z.infer<typeof AuditActor>;

/** One event of the log, as the workbench lists it. */
export const AuditEvent = z.object({
  /** The chain's number for the event (1.., in log order): what ?before= pages with. */
  seq: z.number(),
  eventId: z.string(),
  /** The log position ("tx-pos", as commands answer it). */
  position: z.string(),
  at: z.string(),
  type: z.string(),
  streamId: z.string(),
  streamVersion: z.number(),
  /** The stream's type ("lead", "meeting", "task"…) and the rest of its id. */
  entity: z.object({ kind: z.string(), id: z.string() }),
  actor: AuditActor,
  data: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

/** GET /api/audit/events: newest first; `next` is the seq to pass as ?before= for the next page, null at the end. */
export const AuditEventPage = z.object({
  events: z.array(AuditEvent),
  next: z.nullable(z.number()),
});
export type AuditEventPage = z.infer<typeof AuditEventPage>;

/** GET /api/audit/entities/{streamId}?at=: an entity as its events made it at a moment. */
export const AuditEntityState = z.object({
  streamId: z.string(),
  kind: z.string(),
  at: z.string(),
  /** False when the stream had no event yet at that moment. */
  exists: z.boolean(),
  /** How many of its events happened by then. */
  version: z.number(),
  /** A lead as the board would have shown it; any other entity as the fields its events set, later values winning. */
  state: z.record(z.string(), z.unknown()),
  lastEvent: z.nullable(z.object({ type: z.string(), at: z.string(), actor: AuditActor })),
});
export type AuditEntityState = z.infer<typeof AuditEntityState>;
