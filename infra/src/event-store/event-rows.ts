import { decodeEvent, type RecordedEvent } from "@crm/contracts/events/registry";
import { encodePosition } from "./position.ts";

/** An events row as the Postgres store selects it. */
export interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent["metadata"];
}

// Queries that select these columns must ORDER BY events.transaction_id: the bare name would
// mean the text alias below, which sorts "1000" before "998" (skipping events) and cannot use
// the (transaction_id, global_position) index (a full sort of the log per batch).
export const EVENT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_version,
  event_id, event_type, schema_version, data, metadata`;

/** Upcasts and validates a stored row into the event the rest of the system reads. */
export function toRecorded(row: EventRow): RecordedEvent {
  const event = decodeEvent(row.event_type, row.schema_version, row.data);
  return {
    eventId: row.event_id,
    type: event.type,
    data: event.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: encodePosition(row.transaction_id, row.global_position),
    schemaVersion: row.schema_version,
  } as RecordedEvent;
}
