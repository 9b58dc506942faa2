import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { redactValue } from "@crm/contracts/erasure/redact";
import { LEAD_DETAIL_FIELDS, LeadDetails, LeadEmailBounced, LeadLost } from "@crm/contracts/lead/events";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import { snake } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { LeadBatch } from "./leads.batch.ts";
import { LEADS_DDL, LEADS_READER_INDEXES, type LeadRow } from "./leads.schema.ts";

type LeadDetailField = (typeof LEAD_DETAIL_FIELDS)[number];

/** The column each detail field of LeadDetailsChanged is stored in. */
const DETAIL_COLUMNS = Object.fromEntries(LEAD_DETAIL_FIELDS.map((field) => [field, snake(field)])) as Record<
  LeadDetailField,
  keyof LeadRow
>;

type LeadEvent<T extends RecordedEvent["type"]> = RecordedEvent<Extract<RecordedEvent, { type: T }>>;

function created(batch: LeadBatch, event: LeadEvent<"LeadCreated">): LeadRow {
  const d = event.data;
  const at = event.metadata.at;
  return {
    id: d.leadId,
    name: d.name,
    business: d.business,
    email: d.email,
    phone: d.phone,
    stage: d.stage,
    source: d.source,
    priority: d.priority,
    proposal_link: d.proposalLink,
    contract_status: d.contractStatus,
    notes: d.notes,
    last_activity: null,
    created_at: at,
    updated_at: at,
    created_by: event.metadata.actor,
    // The creator owns the deal until a LeadOwnerChanged names another (issue 31).
    assigned_to: event.metadata.actor,
    creative_director_id: null,
    value_minor: null,
    expected_close_on: null,
    probability: null,
    won_at: null,
    email_undeliverable: null,
    version: event.streamVersion,
    rank: batch.topRank(d.stage),
    status: "open",
    closed_at: null,
    lost_at: null,
    lost_reason: null,
    lost_note: null,
  };
}

/**
 * A copy of the row for the event to change: the one object each event makes, changed in place
 * after. Spelled out rather than spread, so that every row has one shape whether it came from SQL
 * or from LeadCreated: a rebuild makes a million of them (0.5 µs less each than a spread).
 */
const touched = (row: LeadRow, event: RecordedEvent): LeadRow => ({
  id: row.id,
  name: row.name,
  business: row.business,
  email: row.email,
  phone: row.phone,
  stage: row.stage,
  source: row.source,
  priority: row.priority,
  proposal_link: row.proposal_link,
  contract_status: row.contract_status,
  notes: row.notes,
  last_activity: row.last_activity,
  created_at: row.created_at,
  updated_at: event.metadata.at,
  created_by: row.created_by,
  assigned_to: row.assigned_to,
  creative_director_id: row.creative_director_id,
  value_minor: row.value_minor,
  expected_close_on: row.expected_close_on,
  probability: row.probability,
  won_at: row.won_at,
  email_undeliverable: row.email_undeliverable,
  version: event.streamVersion,
  rank: row.rank,
  status: row.status,
  closed_at: row.closed_at,
  lost_at: row.lost_at,
  lost_reason: row.lost_reason,
  lost_note: row.lost_note,
});

/**
 * The row as an erasure leaves it: each personal value replaced by the marker its event's schema
 * takes (the rule that redacts the events), so the live projector and the rebuild that follows an
 * erasure write the same row at the same version, and a cache holding its ETag holds no personal value.
 */
function erased(row: LeadRow, event: RecordedEvent): LeadRow {
  const next = touched(row, event);
  const details = Object.fromEntries(LEAD_DETAIL_FIELDS.map((field) => [field, row[DETAIL_COLUMNS[field]]]));
  const redacted = redactValue(details, LeadDetails) as Record<LeadDetailField, unknown>;
  for (const field of LEAD_DETAIL_FIELDS) (next as Record<string, unknown>)[DETAIL_COLUMNS[field]] = redacted[field];
  if (next.lost_reason !== null) {
    const loss = redactValue({ reason: next.lost_reason, note: next.lost_note }, LeadLost) as { reason: string; note: string | null };
    next.lost_reason = loss.reason;
    next.lost_note = loss.note;
  }
  if (next.email_undeliverable) {
    const { at, ...bounce } = next.email_undeliverable;
    next.email_undeliverable = { ...(redactValue(bounce, LeadEmailBounced) as typeof bounce), at };
  }
  return next;
}

/** The row back on the board, on top of its stage's column, with nothing of a loss left on it. */
function reopened(batch: LeadBatch, next: LeadRow, stage: LeadRow["stage"]): LeadRow {
  next.status = "open";
  next.stage = stage;
  next.rank = batch.topRank(stage);
  next.closed_at = null;
  next.lost_at = null;
  next.lost_reason = null;
  next.lost_note = null;
  return next;
}

/**
 * The deal's events (issue 31): owner, terms, won, lost, reopened, archived, restored. A lost or
 * archived lead keeps its row (in closed_leads, see contracts/src/read-models/leads.ts), so the
 * Lost and Archived views show it and a reopen or a restore brings it back as it was.
 */
function applyDealEvent(batch: LeadBatch, row: LeadRow, event: RecordedEvent): LeadRow | undefined {
  const next = touched(row, event);
  const at = event.metadata.at;
  switch (event.type) {
    case "LeadOwnerChanged":
      next.assigned_to = event.data.to;
      return next;
    case "LeadDealChanged": {
      const { valueMinor, expectedCloseOn, probability } = event.data.changes;
      if (valueMinor !== undefined) next.value_minor = valueMinor;
      if (expectedCloseOn !== undefined) next.expected_close_on = expectedCloseOn;
      if (probability !== undefined) next.probability = probability;
      return next;
    }
    case "LeadWon":
      next.won_at ??= at;
      return next;
    case "LeadLost":
      next.status = "lost";
      next.stage = event.data.stage;
      next.closed_at = at;
      next.lost_at = at;
      next.lost_reason = event.data.reason;
      next.lost_note = event.data.note;
      return next;
    case "LeadReopened":
      return reopened(batch, next, event.data.stage);
    case "LeadArchived":
      next.status = "archived";
      next.closed_at = at;
      return next;
    case "LeadRestored":
      if (row.status !== "archived") return row;
      // Back among the lost if it was lost when archived, else on top of the column it left.
      if (row.lost_at === null) return reopened(batch, next, row.stage);
      next.status = "lost";
      next.closed_at = row.lost_at;
      return next;
    default:
      return undefined;
  }
}

/**
 * The row after one event: a new object, or the same row when the event does not concern it
 * (undefined: no row, and none made). Every event but a card dropped next to a neighbour is
 * applied without waiting (a rebuild passes over a million): see moved.
 */
function applyEvent(batch: LeadBatch, row: LeadRow | undefined, event: RecordedEvent): LeadRow | undefined {
  if (event.type === "LeadCreated") return created(batch, event);
  if (!row) return undefined;
  switch (event.type) {
    case "LeadDetailsChanged": {
      const next = touched(row, event);
      for (const [field, value] of Object.entries(event.data.changes)) {
        (next as Record<string, unknown>)[DETAIL_COLUMNS[field as LeadDetailField]] = value;
      }
      // A new email is another address: a bounce of the old one no longer says anything.
      if (event.data.changes.email !== undefined) next.email_undeliverable = null;
      return next;
    }
    case "LeadEmailBounced": {
      const next = touched(row, event);
      const { address, status, reason } = event.data;
      next.email_undeliverable = { address, status, reason, at: event.metadata.at };
      return next;
    }
    case "LeadStageChanged":
    case "LeadMoved": {
      // Placed with no neighbour: on top of its column (see moved for a card dropped next to one).
      const next = touched(row, event);
      next.stage = event.data.to;
      next.rank = batch.topRank(event.data.to);
      return next;
    }
    case "CreativeDirectorAssigned": {
      const next = touched(row, event);
      next.creative_director_id = event.data.creativeDirectorId;
      return next;
    }
    case "CreativeDirectorUnassigned": {
      const next = touched(row, event);
      next.creative_director_id = null;
      return next;
    }
    case "LeadOwnerChanged":
    case "LeadDealChanged":
    case "LeadWon":
    case "LeadLost":
    case "LeadReopened":
    case "LeadArchived":
    case "LeadRestored":
      return applyDealEvent(batch, row, event);
    case "LeadErased":
      return erased(row, event);
    case "LeadActivityLogged": // a call or note changes no field, but the version follows the stream's and Last Activity names it
      return touched(row, event);
    default:
      return row;
  }
}

/** A stage change or a reorder that names where the card landed (decisions/005). */
type Placement = LeadEvent<"LeadStageChanged" | "LeadMoved">;

/** Whether the event names a neighbour the card was dropped next to. */
const placedNextTo = (event: RecordedEvent): event is Placement =>
  (event.type === "LeadStageChanged" || event.type === "LeadMoved") && (event.data.afterId !== null || event.data.beforeId !== null);

/** A card dropped next to a neighbour: its rank may need the neighbour's successor from SQL, so this one waits. */
async function moved(batch: LeadBatch, row: LeadRow | undefined, event: Placement): Promise<LeadRow | undefined> {
  if (!row) return undefined;
  const { leadId, to, afterId, beforeId } = event.data;
  const rank = await batch.placeBetween(leadId, to, afterId, beforeId);
  const next = touched(row, event);
  next.stage = to;
  next.rank = rank;
  return next;
}

const leadIdOf = (event: RecordedEvent) => leadIdOfStream(event.streamId);

/** Every lead a batch names: the leads of its streams and the neighbours cards were dropped next to. */
function idsOf(events: readonly RecordedEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    const id = leadIdOf(event);
    if (!id) continue;
    ids.add(id);
    if (placedNextTo(event)) for (const n of [event.data.afterId, event.data.beforeId]) if (n) ids.add(n);
  }
  return [...ids];
}

/** The events that may put a card on top of a column. */
const PLACES_ON_TOP = new Set<string>(["LeadCreated", "LeadStageChanged", "LeadMoved", "LeadReopened", "LeadRestored"]);

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const ids = idsOf(events);
  if (ids.length === 0) return;
  const placesOnTop = events.some((e) => PLACES_ON_TOP.has(e.type));
  const batch = await LeadBatch.load(tx, ids, placesOnTop);
  for (const event of events) {
    const id = leadIdOf(event);
    if (!id) continue;
    const before = batch.get(id);
    const next = placedNextTo(event) ? await moved(batch, before, event) : applyEvent(batch, before, event);
    if (next === before) continue;
    if (!next) continue;
    const title = describeLeadEvent(event)?.title;
    if (title) next.last_activity = title;
    batch.set(next);
  }
  await batch.flush();
}

export const leadsProjection: Projection = {
  name: "leads",
  version: 7,
  // v4 added lead_stage_counts; its readers count v3's rows while that table is missing. v5 added
  // the search index, which the same queries use once it is there. v6 (issue 31) added the deal's
  // columns, closed_leads, the value sums and the folded search: the read API's queries name them,
  // so it reads v6 only (a v5 model is rebuilt into v6 before the API answers from it). v7 (issue
  // 33) added email_undeliverable to the rows and the card, which the Lead answer requires: it reads v7 only.
  readableFrom: 7,
  tables: ["leads", "closed_leads", "lead_stage_counts"],
  ddl: LEADS_DDL,
  readerIndexes: LEADS_READER_INDEXES,
  apply,
  topics(events) {
    const ids = new Set(events.map(leadIdOf).filter((id) => id !== undefined));
    return ids.size === 0 ? [] : ["leads", "stats", ...[...ids].map((id) => `lead:${id}`)];
  },
};
