import { randomUUID } from "node:crypto";
import { decodeEvent, encodeEvent, type RecordedEvent } from "@crm/contracts/events/registry";
import type { Database, Queryable } from "../db/database.ts";
import {
  StreamVersionConflictError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
} from "./event-store.ts";
import { START_POSITION, decodePosition, encodePosition } from "./position.ts";
import { EVENTS_CHANNEL } from "./postgres-event-store.migrations.ts";

interface EventRow {
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

const COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_version,
  event_id, event_type, schema_version, data, metadata`;

function toRecorded(row: EventRow): RecordedEvent {
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

const streamType = (streamId: string) => streamId.split("-", 1)[0] ?? streamId;

/** Raised inside the append transaction to roll it back when the command id was already used. */
class DuplicateCommand extends Error {}

/** The event store on Postgres or PGlite (DESIGN.md §3). */
export function createPostgresEventStore(db: Database): EventStore {
  async function bumpVersion(tx: Queryable, streamId: string, expected: ExpectedVersion, count: number) {
    if (expected === 0) {
      const { rows } = await tx.query(
        `INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, $2, $3)
         ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
        [streamId, streamType(streamId), count],
      );
      if (rows.length === 0) throw new StreamVersionConflictError(streamId, expected, await versionOf(tx, streamId));
      return 0;
    }
    if (expected === "any") {
      const { rows } = await tx.query<{ version: number }>(
        `INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, $2, $3)
         ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + $3 RETURNING version`,
        [streamId, streamType(streamId), count],
      );
      return rows[0]!.version - count;
    }
    const { rows } = await tx.query(
      `UPDATE streams SET version = version + $3 WHERE stream_id = $1 AND version = $2 RETURNING version`,
      [streamId, expected, count],
    );
    if (rows.length === 0) throw new StreamVersionConflictError(streamId, expected, await versionOf(tx, streamId));
    return expected;
  }

  async function versionOf(q: Queryable, streamId: string): Promise<number> {
    const { rows } = await q.query<{ version: number }>("SELECT version FROM streams WHERE stream_id = $1", [streamId]);
    return rows[0]?.version ?? 0;
  }

  const store: EventStore = {
    async append(streamId, expectedVersion, events, options: AppendOptions): Promise<AppendResult> {
      if (events.length === 0) throw new Error("append needs at least one event");
      const encoded = events.map((e) => ({ type: e.type, ...encodeEvent(e) }));
      try {
        return await db.transaction(async (tx) => {
          const reserved = await tx.query(
            `INSERT INTO commands (command_id, stream_id) VALUES ($1, $2) ON CONFLICT (command_id) DO NOTHING RETURNING 1`,
            [options.commandId, streamId],
          );
          if (reserved.rows.length === 0) throw new DuplicateCommand();
          const base = await bumpVersion(tx, streamId, expectedVersion, events.length);
          const { rows } = await tx.query<{ transaction_id: string; global_position: string }>(
            `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
             SELECT $1, base + ord, id, type, sv, d, $7::jsonb
             FROM unnest($2::uuid[], $3::text[], $4::int[], $5::jsonb[]) WITH ORDINALITY AS e(id, type, sv, d, ord),
                  (SELECT $6::int AS base) b
             ORDER BY ord
             RETURNING transaction_id::text AS transaction_id, global_position`,
            [
              streamId,
              encoded.map(() => randomUUID()),
              encoded.map((e) => e.type),
              encoded.map((e) => e.schemaVersion),
              encoded.map((e) => JSON.stringify(e.data)),
              base,
              JSON.stringify(options.metadata),
            ],
          );
          const last = rows.reduce((a, b) => (BigInt(a.global_position) > BigInt(b.global_position) ? a : b));
          const position = encodePosition(last.transaction_id, last.global_position);
          const nextVersion = base + events.length;
          await tx.query(`UPDATE commands SET next_version = $2, position = $3 WHERE command_id = $1`, [
            options.commandId,
            nextVersion,
            position,
          ]);
          await tx.query(`SELECT pg_notify($1, $2)`, [EVENTS_CHANNEL, position]);
          return { nextVersion, position, duplicate: false };
        });
      } catch (error) {
        if (!(error instanceof DuplicateCommand)) throw error;
        const first = await store.findCommand(options.commandId);
        if (!first) throw new Error(`Command ${options.commandId} vanished`);
        return { nextVersion: first.nextVersion, position: first.position, duplicate: true };
      }
    },

    async readStream(streamId, options = {}) {
      const params: unknown[] = [streamId, options.fromVersion ?? 0];
      let bound = "";
      if (options.toPosition) {
        const { transactionId, globalPosition } = decodePosition(options.toPosition);
        params.push(transactionId, globalPosition);
        bound = "AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)";
      }
      const { rows } = await db.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 ${bound} ORDER BY stream_version`,
        params,
      );
      return rows.map(toRecorded);
    },

    async readAll({ after, limit }) {
      const { transactionId, globalPosition } = decodePosition(after);
      const { rows } = await db.query<EventRow>(
        `SELECT ${COLUMNS} FROM events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
           AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id, global_position
         LIMIT $3`,
        [transactionId, globalPosition, limit],
      );
      return rows.map(toRecorded);
    },

    async currentPosition() {
      const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM events
         WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const head = rows[0];
      return head ? encodePosition(head.transaction_id, head.global_position) : START_POSITION;
    },

    async findCommand(commandId) {
      const { rows } = await db.query<{ stream_id: string; next_version: number | null; position: string | null }>(
        "SELECT stream_id, next_version, position FROM commands WHERE command_id = $1",
        [commandId],
      );
      const row = rows[0];
      if (!row || row.next_version === null || row.position === null) return undefined;
      return { streamId: row.stream_id, nextVersion: row.next_version, position: row.position };
    },

    onAppend: (listener) => db.listen(EVENTS_CHANNEL, () => listener()),
  };
  return store;
}
