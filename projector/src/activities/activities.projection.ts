import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeActivity } from "@crm/contracts/activity/describe";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import type { LeadActivityDescription } from "@crm/contracts/messaging/describe";
import { ACTIVITIES_TABLES, activities, activitiesArchivedLeads, type ActivityRow } from "@crm/contracts/read-models/activities";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns } from "../sql.ts";

const COLUMNS = sqlTypes(activities);

/**
 * A rebuild fills this table with nearly every event of the log, so it is kept cheap to fill:
 * - positions compare byte by byte (COLLATE "C"): they are fixed-width digits, and the default
 *   collation compared them through the C library at several times the cost;
 * - no key on id during the fill: it would only catch an event entered twice, which neither the
 *   runner (one checkpoint move per batch) nor a rebuild (one pass over the log) does, so inserts
 *   need no ON CONFLICT either;
 * - the index by lead serves readers and the deletion of an archived lead's timeline: a fill
 *   creates it when the first archive comes, in one pass over the rows so far, not row by row.
 * A rebuild builds whatever is still missing once the table is filled (readerIndexes).
 */
const DDL = `
  ${createTableSql(activities)}
  ${createTableSql(activitiesArchivedLeads)}
`;

const LEAD_INDEX = "CREATE INDEX IF NOT EXISTS activities_lead ON activities (lead_id, position DESC);";

const READER_INDEXES = `
  ${LEAD_INDEX}
  ALTER TABLE activities ADD PRIMARY KEY (id);
  CREATE INDEX activities_recent ON activities (position DESC);
`;

/**
 * The event's row, as describeActivity reads it. A lead's own events are described here without
 * the copy with the lead id that describeActivity makes of them: in Node 20 that object spread took
 * longer than the rest of the row (2.6 against 0.5 µs), and nine events in ten are lead events.
 */
function rowOf(event: RecordedEvent): ActivityRow | undefined {
  const ownLead = leadIdOfStream(event.streamId);
  const described = ownLead ? describeLeadEvent(event) : describeActivity(event);
  if (!described) return undefined;
  return {
    id: event.eventId,
    lead_id: ownLead ?? (described as LeadActivityDescription).leadId,
    type: described.type,
    title: described.title,
    description: described.description,
    at: described.at ?? null,
    follow_up_on: described.followUpOn ?? null,
    created_at: event.metadata.at,
    created_by: event.metadata.actor,
    position: event.position,
  };
}

/** Leaves out the rows of leads archived in an earlier batch. */
const NOT_ARCHIVED_BEFORE = `WHERE NOT EXISTS (SELECT 1 FROM ${activitiesArchivedLeads} a WHERE a.lead_id = r.lead_id)`;

/**
 * The timeline: one row per event that reads as an activity, keyed by the event id. Archiving a
 * lead removes its timeline; only the "Lead archived" entry stays, so the dashboard can say who
 * archived what (decisions/006). Entries that arrive later for an archived lead (a mail reactor's
 * outcome, say) are dropped: the projection remembers archived leads in a table of its own, which
 * the insert itself consults (one statement, not a lookup and an insert), before this batch's
 * archives join it.
 */
async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  let rows: ActivityRow[] = [];
  const archived = new Set<string>();
  for (const event of events) {
    if (event.type === "LeadArchived") {
      archived.add(event.data.leadId);
      rows = rows.filter((r) => r.lead_id !== event.data.leadId);
    }
    const row = rowOf(event);
    if (row && (event.type === "LeadArchived" || !archived.has(row.lead_id!))) rows.push(row);
  }
  if (archived.size > 0) {
    await tx.exec(LEAD_INDEX);
    await tx.query(`DELETE FROM ${activities} WHERE lead_id = ANY($1::uuid[])`, [[...archived]]);
  }
  await insertColumns(tx, activities.name, COLUMNS, rows, NOT_ARCHIVED_BEFORE);
  if (archived.size > 0) {
    await tx.query(`INSERT INTO ${activitiesArchivedLeads} (lead_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, [[...archived]]);
  }
}

export const activitiesProjection: Projection = {
  name: "activities",
  // 5: a meeting's instant in its own column (at), and logged activities' follow-up dates.
  version: 5,
  tables: ACTIVITIES_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: READER_INDEXES,
  apply,
  topics(events) {
    const ids = new Set(events.map((e) => describeActivity(e)?.leadId).filter((id) => id !== undefined));
    return ids.size === 0 ? [] : ["activities", ...[...ids].map((id) => `activities:${id}`)];
  },
};
