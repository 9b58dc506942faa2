import { z } from "zod";
import { EVENT_TYPES } from "../events/registry.ts";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, AUDIT_TEXT_MAX } from "./workbench.ts";

// The workbench's queries: zod classic, since they check event types against the registry (the
// answers, in workbench.ts, are zod/mini for the browser).

const knownTypes: ReadonlySet<string> = new Set(EVENT_TYPES);

/** A text filter; left blank (`?q=`, as a form sends an empty field) it filters nothing (workbench.queries.ts). */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();

const instant = z.iso
  .datetime({ offset: true, error: "Use an ISO instant such as 2026-01-31T12:00:00Z" })
  .transform((v) => new Date(v).toISOString());

const filters = {
  /** A user's id, "public" or "system". */
  actor: text(100),
  type: z
    .string()
    .trim()
    .refine((v) => v === "" || knownTypes.has(v), "Not an event type the log records")
    .optional(),
  /** A stream id ("meeting-<uuid>"). */
  entity: text(200),
  /** Both ends inclusive. */
  from: instant.optional(),
  to: instant.optional(),
  /** A case-insensitive piece of the event's data. */
  q: text(AUDIT_TEXT_MAX),
};

const orderedPeriod = (f: { from?: string | undefined; to?: string | undefined }) =>
  f.from === undefined || f.to === undefined || f.from <= f.to;
const PERIOD_ERROR = { path: ["to"], message: "The period ends before it starts" };

/** The filters of GET /api/audit/events.jsonl and .csv, combined with AND. */
export const AuditFilterQuery = z.object(filters).refine(orderedPeriod, PERIOD_ERROR);
export type AuditFilter = z.output<typeof AuditFilterQuery>;

/** GET /api/audit/events: the filters, and a page of events newest first, those before the chain number ?before=. */
export const AuditEventsQuery = z
  .object({
    ...filters,
    before: z.coerce.number<string>({ error: "Use a chain number" }).int("Use a chain number").min(1, "At least 1").optional(),
    limit: z.coerce
      .number<string>({ error: "Use a whole number" })
      .int("Use a whole number")
      .min(1, "At least 1")
      .max(AUDIT_PAGE_MAX, `At most ${AUDIT_PAGE_MAX}`)
      .default(AUDIT_PAGE_DEFAULT),
  })
  .refine(orderedPeriod, PERIOD_ERROR);

/** The `:streamId` of GET /api/audit/entities/{streamId}: a stream id as the log names it ("meeting-<uuid>"). */
export const AuditEntityParam = z.object({
  streamId: z
    .string()
    .max(200, "At most 200 characters")
    .regex(/^[\w.:-]+$/, "Give a stream id such as meeting-<uuid>"),
});

/** ?at= on GET /api/audit/entities/{streamId}: the moment to show, now when absent. */
export const AuditEntityQuery = z.object({ at: instant.optional() });
