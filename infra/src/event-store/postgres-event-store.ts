import { randomUUID } from "node:crypto";
import { encodeEvent } from "@crm/contracts/events/registry";
import type { Database } from "../db/database.ts";
import { createGroupBatcher, type Queued } from "../db/group-batcher.ts";
import { findCommandAnswer } from "./command-answers.ts";
import { StreamVersionConflictError, type AppendOptions, type AppendResult, type EventStore, type ExpectedVersion } from "./event-store.ts";
import { START_POSITION, decodePosition, encodePosition, isPosition } from "./position.ts";
import { APPEND_DUPLICATE, EVENTS_CHANNEL } from "./postgres-event-store.migrations.ts";
import { EVENT_COLUMNS, toRecorded, type EventRow } from "./event-rows.ts";
import { createWholeStreamReader } from "./whole-stream-reader.ts";

interface PendingAppend {
  streamId: string;
  expectedVersion: ExpectedVersion;
  commandId: string;
  /** The append as crm_append_batch reads it. */
  json: object;
}

interface BatchRow {
  r_index: number;
  r_next_version: number | null;
  r_position: string | null;
  r_duplicate: boolean;
  r_conflict_version: number | null;
}

const streamType = (streamId: string) => streamId.split("-", 1)[0] ?? streamId;

/** The SQLSTATE of a database error (pg and PGlite both expose it as code). */
const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Wakes subscribers after appends. NOTIFY inside the append transaction serializes every commit
 * on Postgres's notify lock, so it is sent after commit instead, one at a time, coalescing the
 * appends that commit meanwhile; a lost notice only delays readers until their polling fallback.
 */
function createAnnouncer(db: Database) {
  let latest: string | undefined;
  let sending = false;
  const send = () => {
    if (sending || latest === undefined) return;
    const position = latest;
    latest = undefined;
    sending = true;
    db.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, position])
      .catch(() => undefined)
      .finally(() => {
        sending = false;
        send();
      });
  };
  return (position: string) => {
    if (latest === undefined || position > latest) latest = position;
    send();
  };
}

/** The event store on Postgres or PGlite (DESIGN.md §3). */
export function createPostgresEventStore(db: Database): EventStore {
  const announce = createAnnouncer(db);

  async function replayDuplicate(commandId: string): Promise<AppendResult> {
    const first = await store.findCommand(commandId);
    if (!first) throw new Error(`Command ${commandId} vanished`);
    return { nextVersion: first.nextVersion, position: first.position, duplicate: true };
  }

  /** Runs appends in one statement; streams in a fixed order, so concurrent batches never deadlock. */
  async function runBatch(batch: Queued<PendingAppend, AppendResult>[]): Promise<void> {
    const sorted = [...batch].sort((a, b) => (a.item.streamId < b.item.streamId ? -1 : a.item.streamId > b.item.streamId ? 1 : 0));
    let rows: BatchRow[];
    try {
      ({ rows } = await db.query<BatchRow>("SELECT * FROM crm_append_batch($1::jsonb)", [JSON.stringify(sorted.map((q) => q.item.json))]));
    } catch (error) {
      if (sorted.length > 1) {
        // One append spoiled the shared statement (a raced command id, a deadlock): each goes alone.
        await Promise.all(sorted.map((queued) => runBatch([queued])));
        return;
      }
      const { item, resolve, reject } = sorted[0]!;
      if (sqlState(error) === APPEND_DUPLICATE) replayDuplicate(item.commandId).then(resolve, reject);
      else reject(error);
      return;
    }
    let newest: string | undefined;
    for (const row of rows) {
      const { item, resolve, reject } = sorted[row.r_index - 1]!;
      if (row.r_conflict_version !== null) {
        reject(new StreamVersionConflictError(item.streamId, item.expectedVersion, row.r_conflict_version));
        continue;
      }
      if (!row.r_duplicate && (newest === undefined || row.r_position! > newest)) newest = row.r_position!;
      resolve({ nextVersion: row.r_next_version!, position: row.r_position!, duplicate: row.r_duplicate } satisfies AppendResult);
    }
    if (newest) announce(newest);
  }
  const enqueue = createGroupBatcher(runBatch);
  const readWholeStream = createWholeStreamReader(db);

  const store: EventStore = {
    async append(streamId, expectedVersion, events, options: AppendOptions): Promise<AppendResult> {
      if (events.length === 0) throw new Error("append needs at least one event");
      const json = {
        stream: streamId,
        type: streamType(streamId),
        expected: expectedVersion === "any" ? null : expectedVersion,
        command: options.commandId,
        metadata: options.metadata,
        events: events.map((e) => ({ id: randomUUID(), type: e.type, ...encodeEvent(e) })),
      };
      return enqueue({ streamId, expectedVersion, commandId: options.commandId, json });
    },

    async readStream(streamId, options = {}) {
      if (!options.fromVersion && !options.toPosition) return readWholeStream(streamId);
      const params: unknown[] = [streamId, options.fromVersion ?? 0];
      let bound = "";
      if (options.toPosition) {
        const { transactionId, globalPosition } = decodePosition(options.toPosition);
        params.push(transactionId, globalPosition);
        bound = "AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)";
      }
      const { rows } = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 ${bound} ORDER BY stream_version`,
        params,
      );
      return rows.map(toRecorded);
    },

    async readAll({ after, limit }) {
      const { transactionId, globalPosition } = decodePosition(after);
      const { rows } = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
           AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY events.transaction_id, events.global_position
         LIMIT $3`,
        [transactionId, globalPosition, limit],
      );
      return rows.map(toRecorded);
    },

    async currentPosition() {
      const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM events
         WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
      );
      const head = rows[0];
      return head ? encodePosition(head.transaction_id, head.global_position) : START_POSITION;
    },

    findCommand: (commandId) => findCommandAnswer(db, commandId),

    onAppend: (listener) => db.listen(EVENTS_CHANNEL, (payload) => listener(isPosition(payload) ? payload : undefined)),
  };
  return store;
}
