import { z } from "zod";

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
  name: z.string().nullable(),
});
export type HistoryActor = z.infer<typeof HistoryActor>;

/** One event of a lead's history, in log order (GET /api/leads/{id}/history). */
export const HistoryEntry = z.object({
  position: z.string(),
  eventId: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  schemaVersion: z.number().int(),
  at: z.string(),
  actor: HistoryActor,
  commandId: z.string(),
  correlationId: z.string(),
  /** A one-line reading of the event ("Stage changed to Contacted"). */
  summary: z.string(),
  changes: z.array(FieldChange),
  /** The lead's own stream version after this event: what ?asOf= at this position replays to. */
  leadVersion: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const LeadHistory = z.object({
  leadId: z.uuid(),
  /** True once the lead's personal data was erased (the entries then carry redaction markers). */
  erased: z.boolean(),
  entries: z.array(HistoryEntry),
});
export type LeadHistory = z.infer<typeof LeadHistory>;

const POSITION = /^\d{1,20}-\d{1,20}$/;

/**
 * ?asOf= on GET /api/leads/{id}: a log position ("tx-pos", as commands answer it) or an ISO
 * instant with an offset. Anything else is a 400 naming asOf.
 */
export const AsOfQuery = z.object({
  asOf: z
    .string()
    .trim()
    .refine((v) => POSITION.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
      message: "Give a log position (as commands answer it) or an ISO instant such as 2026-01-31T12:00:00Z",
    })
    .transform((v): AsOf => (POSITION.test(v) ? { kind: "position", position: v } : { kind: "instant", at: new Date(v).toISOString() })),
});

export type AsOf = { kind: "position"; position: string } | { kind: "instant"; at: string };
