import { randomUUID } from "node:crypto";
import { encodeEvent } from "@crm/contracts/events/registry";
import { named, type Database } from "../db/database.ts";
import { createGroupBatcher, type Queued } from "../db/group-batcher.ts";
import { findCommandAnswer } from "./command-answers.ts";
import {
  StreamVersionConflictError,
  streamTypeOf,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
} from "./event-store.ts";
import { START_POSITION, decodePosition, encodePosition, isPosition, normalizePosition } from "./position.ts";
import { COMMAND_TAKEN, EVENTS_CHANNEL } from "./postgres-event-store.migrations.ts";
import { EVENT_COLUMNS, toRecorded, type EventRow } from "./event-rows.ts";
import { READABLE_HORIZON } from "./readable-horizon.ts";
import { createStreamLoader } from "./stream-loader.ts";

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

/** Whether an append failed because a concurrent transaction recorded its command id first. */
function commandTaken(error: unknown): boolean {
  // pg and PGlite both expose the SQLSTATE as code and the violated constraint as constraint.
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === COMMAND_TAKEN.sqlState && constraint === COMMAND_TAKEN.constraint;
}

// The statements every append and every follower's read run: prepared once per connection.
const NOTIFY = named("SELECT pg_notify($1, $2)");
const APPEND_ONE = named("SELECT 1 AS r_index, * FROM crm_append_one($1::jsonb)");
const APPEND_BATCH = named("SELECT * FROM crm_append_batch($1::jsonb)");
/** A page of the log after a position ($1, $2), at most $3 events. */
const LOG_PAGE = `FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < ${READABLE_HORIZON}
  ORDER BY events.transaction_id, events.global_position
  LIMIT $3`;
const READ_ALL = named(`SELECT ${EVENT_COLUMNS} ${LOG_PAGE}`);
/**
 * The same page, but only its events of the types in $4 and its last event, each with how many
 * events the page held: a reader of a few types is sent nothing of the others but how far they went.
 */
const READ_ALL_OF_TYPES = named(`SELECT ${EVENT_COLUMNS}, wanted, read FROM (
    SELECT page.*, row_number() OVER (ORDER BY page.transaction_id, page.global_position) AS n, count(*) OVER ()::int AS read
    FROM (SELECT events.*, event_type = ANY($4::text[]) AS wanted ${LOG_PAGE}) page
  ) events
  WHERE wanted OR n = read
  ORDER BY n`);

/** Gap between two NOTIFYs: under load one notice per gap carries the newest position of all appends meanwhile. */
const NOTIFY_GAP_MS = 10;

/**
 * Tells other processes' subscribers about appends (decisions/026): one NOTIFY at a time, at most
 * one per NOTIFY_GAP_MS, naming the newest position. NOTIFY inside the append transaction would
 * serialize every commit on Postgres's notify lock; one per append cost a round trip per append.
 * A lost notice only delays readers until their polling fallback.
 */
function createNotifier(db: Database, origin: string) {
  let newest: string | undefined;
  let sending = false;
  const send = () => {
    if (sending || newest === undefined) return;
    const payload = `${newest} ${origin}`;
    newest = undefined;
    sending = true;
    db.query(NOTIFY, [EVENTS_CHANNEL, payload])
      .catch(() => undefined)
      .finally(() => {
        setTimeout(() => {
          sending = false;
          send();
        }, NOTIFY_GAP_MS).unref();
      });
  };
  return (position: string) => {
    if (newest === undefined || position > newest) newest = position;
    send();
  };
}

interface Subscriber {
  listener: (position?: string) => void;
  /** The newest position this listener was given: each goes once, in increasing order. */
  last: string;
}

/** Append notices of one database: in-process subscribers at once, other processes by NOTIFY. */
interface AppendNotices {
  announce(position: string): void;
  subscribe(listener: (position?: string) => void): Promise<() => Promise<void>>;
}

function createAppendNotices(db: Database): AppendNotices {
  // A NOTIFY payload is "<position> <origin>": this process's own notices come back through
  // LISTEN, and its subscribers heard of those appends already.
  const origin = randomUUID();
  const subscribers = new Set<Subscriber>();
  const notify = createNotifier(db, origin);

  function deliver(subscriber: Subscriber, position: string | undefined) {
    // An older position (a slower batch, another process's late commit) still wakes, unnamed.
    const fresh = position !== undefined && position > subscriber.last;
    if (fresh) subscriber.last = position;
    try {
      subscriber.listener(fresh ? position : undefined);
    } catch {
      // A subscriber's failure is its own: the appends it hears of succeeded.
    }
  }

  return {
    announce(position) {
      for (const subscriber of subscribers) deliver(subscriber, position);
      notify(position);
    },
    async subscribe(listener) {
      const subscriber: Subscriber = { listener, last: "" };
      const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => {
        const [position = "", from] = payload.split(" ");
        if (from !== origin) deliver(subscriber, isPosition(position) ? normalizePosition(position) : undefined);
      });
      subscribers.add(subscriber);
      return async () => {
        subscribers.delete(subscriber);
        await unlisten();
      };
    },
  };
}

/** One per database object, so that every store on it in this process shares the in-process path. */
const noticesByDatabase = new WeakMap<Database, AppendNotices>();

function appendNotices(db: Database): AppendNotices {
  let notices = noticesByDatabase.get(db);
  if (!notices) noticesByDatabase.set(db, (notices = createAppendNotices(db)));
  return notices;
}

export interface PostgresEventStoreOptions {
  /** Appends and stream loads that arrive together share a statement (FAST_GROUP_BATCHING); default: the process's setting. */
  groupBatching?: boolean;
}

/** An event id the uuid column can compare (anything else names no event). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event store on Postgres or PGlite (docs/decisions/001-event-store-design.md). */
// eslint-disable-next-line max-lines-per-function -- the closure is the EventStore: every method shares the batchers and the append notices; each is short
export function createPostgresEventStore(db: Database, options: PostgresEventStoreOptions = {}): EventStore {
  const notices = appendNotices(db);

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
      rows =
        sorted.length === 1
          ? (await db.query<BatchRow>(APPEND_ONE, [JSON.stringify(sorted[0]!.item.json)])).rows
          : (await db.query<BatchRow>(APPEND_BATCH, [JSON.stringify(sorted.map((q) => q.item.json))])).rows;
    } catch (error) {
      if (sorted.length > 1) {
        // One append spoiled the shared statement (a raced command id, a deadlock): each goes alone.
        await Promise.all(sorted.map((queued) => runBatch([queued])));
        return;
      }
      const { item, resolve, reject } = sorted[0]!;
      if (commandTaken(error)) replayDuplicate(item.commandId).then(resolve, reject);
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
    if (newest) notices.announce(newest);
  }
  // Two batches in flight, not four: one runs while the other commits, and the appends meanwhile
  // make bigger batches. Each batch costs a round trip and a commit; at 8 writers on 2 cores four
  // in flight made batches of ~2 appends and cost 1.4x the CPU per event of plain INSERTs, two 1.0x.
  const enqueue = createGroupBatcher(runBatch, { maxInFlight: 2, grouping: options.groupBatching });
  const loadStream = createStreamLoader(db, { grouping: options.groupBatching });

  const store: EventStore = {
    async append(streamId, expectedVersion, events, options: AppendOptions): Promise<AppendResult> {
      if (events.length === 0) throw new Error("append needs at least one event");
      const json = {
        stream: streamId,
        type: streamTypeOf(streamId),
        expected: expectedVersion === "any" ? null : expectedVersion,
        rewrites: options.expectedRewrites,
        command: options.commandId,
        metadata: options.metadata,
        events: events.map((e) => ({ id: randomUUID(), type: e.type, ...encodeEvent(e) })),
      };
      return enqueue({ streamId, expectedVersion, commandId: options.commandId, json });
    },

    async readStream(streamId, options = {}) {
      if (!options.fromVersion && !options.toPosition) return (await loadStream(streamId)).events;
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

    loadStream,

    async readAll({ after, limit }) {
      const { transactionId, globalPosition } = decodePosition(after);
      const { rows } = await db.query<EventRow>(READ_ALL, [transactionId, globalPosition, limit]);
      return rows.map(toRecorded);
    },

    async readAllOfTypes({ after, limit, types }) {
      const { transactionId, globalPosition } = decodePosition(after);
      const { rows } = await db.query<EventRow & { wanted: boolean; read: number }>(READ_ALL_OF_TYPES, [
        transactionId,
        globalPosition,
        limit,
        types,
      ]);
      const last = rows.at(-1);
      return {
        events: rows.filter((row) => row.wanted).map(toRecorded),
        read: last?.read ?? 0,
        through: last ? encodePosition(last.transaction_id, last.global_position) : after,
      };
    },

    async currentPosition() {
      const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM events
         WHERE transaction_id < ${READABLE_HORIZON}
         ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
      );
      const head = rows[0];
      return head ? encodePosition(head.transaction_id, head.global_position) : START_POSITION;
    },

    async readEvent(eventId) {
      if (!UUID.test(eventId)) return undefined;
      const { rows } = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = $1`, [eventId]);
      return rows[0] && toRecorded(rows[0]);
    },

    findCommand: (commandId) => findCommandAnswer(db, commandId),

    onAppend: (listener) => notices.subscribe(listener),
  };
  return store;
}
