import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import { LEAD_STREAMS_TABLES, leadStreams, type LeadStreamRow } from "@crm/contracts/read-models/lead-streams";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns } from "../sql.ts";

const COLUMNS = sqlTypes(leadStreams);

/**
 * Which streams hold a lead's events: its own stream and every stream whose events name it by
 * leadId (meetings, messages, questionnaire, content, tasks). The history view reads these
 * streams in full, so later events of a stream that no longer repeat the lead id still count.
 * Stream ids and positions compare byte by byte: every batch of a rebuild meets most leads' streams
 * again, and the key lookups that find them already there compared through the C library before.
 */
const DDL = createTableSql(leadStreams);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lead an event names in its data, for events outside the lead's own stream. */
function namedLead(event: RecordedEvent): string | undefined {
  const named = (event.data as { leadId?: unknown }).leadId;
  return typeof named === "string" && UUID.test(named) ? named : undefined;
}

const leadOf = (event: RecordedEvent) => leadIdOfStream(event.streamId) ?? namedLead(event);

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const rows = new Map<string, LeadStreamRow>();
  for (const event of events) {
    const own = leadIdOfStream(event.streamId);
    const leadId = own ?? namedLead(event);
    if (!leadId) continue;
    // A lead's own stream names one lead: the stream id is key enough (and needs no new string).
    const key = own ? event.streamId : `${leadId}/${event.streamId}`;
    if (!rows.has(key)) rows.set(key, { lead_id: leadId, stream_id: event.streamId, first_position: event.position });
  }
  await insertColumns(tx, leadStreams.name, COLUMNS, [...rows.values()], "ON CONFLICT DO NOTHING");
}

export const leadStreamsProjection: Projection = {
  name: "lead_streams",
  version: 2,
  tables: LEAD_STREAMS_TABLES.map((t) => t.name),
  ddl: DDL,
  apply,
  topics(events) {
    const ids = new Set(events.map(leadOf).filter((id) => id !== undefined));
    return [...ids].map((id) => `history:${id}`);
  },
};
