import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { LeadBatch } from "./leads.batch.ts";
import { LEADS_DDL, LEADS_READER_INDEXES, type LeadRow } from "./leads.schema.ts";

const DETAIL_COLUMNS = {
  name: "name",
  business: "business",
  email: "email",
  phone: "phone",
  source: "source",
  priority: "priority",
  notes: "notes",
  proposalLink: "proposal_link",
  contractStatus: "contract_status",
} as const;

async function created(batch: LeadBatch, event: RecordedEvent<Extract<RecordedEvent, { type: "LeadCreated" }>>): Promise<LeadRow> {
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
    assigned_to: null,
    creative_director_id: null,
    version: event.streamVersion,
    rank: await batch.topRank(d.stage),
  };
}

/** The row after one event; undefined when the event removes the lead (or does not concern it). */
async function applyEvent(batch: LeadBatch, row: LeadRow | undefined, event: RecordedEvent): Promise<LeadRow | undefined> {
  if (event.type === "LeadCreated") return created(batch, event);
  if (!row) return undefined;
  const next: LeadRow = { ...row, updated_at: event.metadata.at, version: event.streamVersion };
  switch (event.type) {
    case "LeadDetailsChanged":
      for (const [field, value] of Object.entries(event.data.changes)) {
        Object.assign(next, { [DETAIL_COLUMNS[field as keyof typeof DETAIL_COLUMNS]]: value });
      }
      return next;
    case "LeadStageChanged":
      return { ...next, stage: event.data.to, rank: await batch.topRank(event.data.to) };
    case "LeadMoved": {
      const { leadId, to, afterId, beforeId } = event.data;
      return { ...next, stage: to, rank: await batch.placeBetween(leadId, to, afterId, beforeId) };
    }
    case "CreativeDirectorAssigned":
      return { ...next, creative_director_id: event.data.creativeDirectorId };
    case "CreativeDirectorUnassigned":
      return { ...next, creative_director_id: null };
    case "LeadArchived":
      return undefined;
    case "LeadErased": // the row's values were redacted by a rebuild; the version follows the stream's (If-Match, ETag)
      return next;
    default:
      return row;
  }
}

const leadIdOf = (event: RecordedEvent) => leadIdOfStream(event.streamId);

/** Every lead a batch names: the leads of its streams and the neighbours cards were dropped next to. */
function idsOf(events: readonly RecordedEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    const id = leadIdOf(event);
    if (!id) continue;
    ids.add(id);
    if (event.type === "LeadMoved") for (const n of [event.data.afterId, event.data.beforeId]) if (n) ids.add(n);
  }
  return [...ids];
}

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const ids = idsOf(events);
  if (ids.length === 0) return;
  const placesOnTop = events.some((e) => e.type === "LeadCreated" || e.type === "LeadStageChanged" || e.type === "LeadMoved");
  const batch = await LeadBatch.load(tx, ids, placesOnTop);
  for (const event of events) {
    const id = leadIdOf(event);
    if (!id) continue;
    const before = batch.get(id);
    const next = await applyEvent(batch, before, event);
    if (next === before) continue;
    if (!next) {
      if (before) batch.delete(id);
      continue;
    }
    const title = describeLeadEvent(event)?.title;
    batch.set(title ? { ...next, last_activity: title } : next);
  }
  await batch.flush();
}

export const leadsProjection: Projection = {
  name: "leads",
  version: 5,
  // v4 added lead_stage_counts; its readers count v3's rows while that table is missing. v5 added
  // the search index, which the same queries use once it is there.
  readableFrom: 3,
  tables: ["leads", "lead_stage_counts"],
  ddl: LEADS_DDL,
  readerIndexes: LEADS_READER_INDEXES,
  apply,
  topics(events) {
    const ids = new Set(events.map(leadIdOf).filter((id) => id !== undefined));
    return ids.size === 0 ? [] : ["leads", "stats", ...[...ids].map((id) => `lead:${id}`)];
  },
};
