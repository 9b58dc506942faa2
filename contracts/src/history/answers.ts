/**
 * A lead's history as GET /api/leads/{id}/history answers it. Answers are written with zod/mini
 * (tree-shakable, a few KB) so the browser can parse them cheaply; this module imports no zod classic
 * (the ?asOf= query, in history.ts, does).
 */
import { z } from "zod/mini";

/** One field an event changed: its value before and after (null when it had none). */
export const FieldChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof FieldChange>;

/** Who caused an event: a staff user (named when the users read model knows them), the public questionnaire, or the system. */
export const HistoryActor = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
});
export type HistoryActor = z.infer<typeof HistoryActor>;

/** One event of a lead's history, in log order (GET /api/leads/{id}/history). */
export const HistoryEntry = z.object({
  position: z.string(),
  eventId: z.string(),
  streamId: z.string(),
  streamVersion: z.int(),
  type: z.string(),
  schemaVersion: z.int(),
  at: z.string(),
  actor: HistoryActor,
  commandId: z.string(),
  correlationId: z.string(),
  /** A one-line reading of the event ("Stage changed to Contacted"). */
  summary: z.string(),
  changes: z.array(FieldChange),
  /** The lead's own stream version after this event: what ?asOf= at this position replays to. */
  leadVersion: z.int(),
  data: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const LeadHistory = z.object({
  leadId: z.uuid(),
  /** True once the lead's personal data was erased (the entries then carry redaction markers). */
  erased: z.boolean(),
  /** The zone the reader sees times in (their profile's, else the agency's): the HTML report states it. */
  timeZone: z.string(),
  entries: z.array(HistoryEntry),
});
export type LeadHistory = z.infer<typeof LeadHistory>;
