import { ApiError } from "@crm/contracts/api/errors";
import { EVENT_DEFINITIONS, type EventType, type RecordedEvent } from "@crm/contracts/events/registry";
import type { Ledger } from "../audit/event-chain.ts";
import type { Database } from "../db/database.ts";
import { EVENT_COLUMNS, toRecorded, type EventRow } from "./event-rows.ts";

/**
 * Rewrites stored events in place: the one sanctioned exception to an append-only log, used
 * for the right to erasure (decisions/020). Only the data changes, and the stream's rewrites count
 * goes up; ids, versions, positions and metadata stay, so checkpoints and idempotency keys remain valid.
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


/**
 * The redactor of the Postgres event store (Postgres server or PGlite). Each rewrite is sealed in the
 * ledger in the same transaction, so the chain tells an erased event from an altered one (decisions/057).
 */
export function createPostgresStreamRedactor(db: Database, ledger: Pick<Ledger, "sealRedactions">): StreamRedactor {
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
        const { rows } = await tx.query<EventRow>(
          `SELECT ${EVENT_COLUMNS}
           FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version FOR UPDATE`,
          [streamIds],
        );
        const changed: string[] = [];
        const rewritten = new Set<string>();
        for (const row of rows) {
          const event = toRecorded(row);
          const definition = EVENT_DEFINITIONS[event.type as EventType];
          const data = definition.schema.parse(rewrite(event));
          // Compared as parsed (the stored jsonb orders keys its own way): an event redacted before is left alone.
          if (JSON.stringify(data) === JSON.stringify(event.data) && row.schema_version === definition.schemaVersion) continue;
          await tx.query("UPDATE events SET data = $2::jsonb, schema_version = $3 WHERE event_id = $1", [row.event_id, JSON.stringify(data), definition.schemaVersion]);
          changed.push(row.event_id);
          rewritten.add(row.stream_id);
        }
        // A state a command kept of these streams is refused at its next append and loaded whole again (decisions/033).
        if (rewritten.size > 0) await tx.query("UPDATE streams SET rewrites = rewrites + 1 WHERE stream_id = ANY($1::text[])", [[...rewritten]]);
        await ledger.sealRedactions(tx, changed);
        return changed.length;
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
