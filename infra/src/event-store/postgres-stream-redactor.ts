import { ApiError } from "@crm/contracts/api/errors";
import { decodeEvent, EVENT_DEFINITIONS, type EventType, type RecordedEvent } from "@crm/contracts/events/registry";
import type { Database } from "../db/database.ts";
import { encodePosition } from "./position.ts";

/**
 * Rewrites stored events in place: the one sanctioned exception to an append-only log, used
 * for the right to erasure (decisions/020). Only the data changes; ids, versions, positions and
 * metadata stay, so checkpoints and idempotency keys remain valid.
 */
export interface StreamRedactor {
  /** The lead's own stream and every stream with an event whose data names the lead. */
  findLeadStreams(leadStreamId: string, leadId: string): Promise<string[]>;
  /**
   * Replaces each event's data with rewrite(event) (already upcast and parsed), stored at the
   * current schema version, in one transaction; returns how many events changed.
   */
  rewriteStreams(streamIds: readonly string[], rewrite: (event: RecordedEvent) => Record<string, unknown>): Promise<number>;
}

interface Row {
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

function recorded(row: Row): RecordedEvent {
  const event = decodeEvent(row.event_type, row.schema_version, row.data);
  return {
    ...event,
    eventId: row.event_id,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: encodePosition(row.transaction_id, row.global_position),
    schemaVersion: row.schema_version,
  } as RecordedEvent;
}

/** The redactor of the Postgres event store (Postgres server or PGlite). */
export function createPostgresStreamRedactor(db: Database): StreamRedactor {
  return {
    async findLeadStreams(leadStreamId, leadId) {
      // A scan of the whole log: erasure is rare, and an index on data->>'leadId' would cost every append.
      const { rows } = await db.query<{ stream_id: string }>(
        "SELECT DISTINCT stream_id FROM events WHERE stream_id = $1 OR data->>'leadId' = $2 ORDER BY stream_id",
        [leadStreamId, leadId],
      );
      return rows.map((r) => r.stream_id);
    },

    async rewriteStreams(streamIds, rewrite) {
      if (streamIds.length === 0) return 0;
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<Row>(
          `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id,
                  event_type, schema_version, data, metadata
           FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version FOR UPDATE`,
          [streamIds],
        );
        let changed = 0;
        for (const row of rows) {
          const event = recorded(row);
          const definition = EVENT_DEFINITIONS[event.type as EventType];
          const data = definition.schema.parse(rewrite(event));
          if (JSON.stringify(data) === JSON.stringify(row.data) && row.schema_version === definition.schemaVersion) continue;
          await tx.query("UPDATE events SET data = $2::jsonb, schema_version = $3 WHERE event_id = $1", [row.event_id, JSON.stringify(data), definition.schemaVersion]);
          changed++;
        }
        return changed;
      });
    },
  };
}

/** The redactor of a store whose events cannot be rewritten (KurrentDB, decisions/020): erasure answers 501. */
export function unsupportedStreamRedactor(backend: string): StreamRedactor {
  const refuse = async (): Promise<never> => {
    throw new ApiError(501, "Not implemented", `Erasure rewrites events in place, which the ${backend} event store does not support (decisions/020).`);
  };
  return { findLeadStreams: refuse, rewriteStreams: refuse };
}
