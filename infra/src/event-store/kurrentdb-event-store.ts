import { createHash } from "node:crypto";
import {
  ANY,
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type Position,
  type ResolvedEvent,
} from "@kurrent/kurrentdb-client";
import { decodeEvent, encodeEvent, EventMetadata, type RecordedEvent } from "@crm/contracts/events/registry";
import type { Database } from "../db/database.ts";
import { findCommandAnswer } from "./command-answers.ts";
import { StreamVersionConflictError, typedPage, type AppendResult, type EventStore, type ExpectedVersion } from "./event-store.ts";
import { START_POSITION, decodePosition, encodePosition } from "./position.ts";

/**
 * Positions are "commit-prepare", each fixed-width, so they sort as text like the Postgres store's
 * "transaction-global" pairs (docs/decisions/022-kurrentdb-event-store.md): checkpoints, X-Min-Position and the read API work alike.
 */
export const kurrentPosition = (p: Position) => encodePosition(p.commit.toString(), p.prepare.toString());

const toKurrent = (position: string): Position => {
  const { transactionId, globalPosition } = decodePosition(position);
  return { commit: BigInt(transactionId), prepare: BigInt(globalPosition) };
};

/**
 * The id of the index-th event of a command: the same command always writes the same ids, so
 * KurrentDB's idempotent append turns a retried command into a no-op (UUID v5 layout over SHA-1).
 */
export function deterministicEventId(commandId: string, index: number): string {
  const hash = createHash("sha1").update(`crm-event:${commandId}:${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Our versions count events (0 = no stream); KurrentDB revisions number them from 0. */
function streamStateOf(expected: ExpectedVersion): AppendStreamState {
  if (expected === "any") return ANY;
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}
const versionOf = (state: CurrentStreamState) => (state === NO_STREAM ? 0 : Number(state) + 1);

/** What we keep in a KurrentDB event's metadata: ours plus the data's schema version. */
type StoredMetadata = EventMetadata & { schemaVersion: number };

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson || event.type.startsWith("$")) return undefined;
  const { schemaVersion, ...metadata } = event.metadata as StoredMetadata;
  const decoded = decodeEvent(event.type, schemaVersion, event.data);
  return {
    ...decoded,
    eventId: event.id,
    metadata: EventMetadata.parse(metadata),
    streamId: event.streamId,
    streamVersion: Number(event.revision) + 1,
    position: event.position ? kurrentPosition(event.position) : START_POSITION,
    schemaVersion,
  } as RecordedEvent;
}

async function collect(iterator: AsyncIterable<ResolvedEvent | AllStreamResolvedEvent>, keep: (e: RecordedEvent) => boolean, limit = Infinity) {
  const out: RecordedEvent[] = [];
  for await (const resolved of iterator) {
    const recorded = toRecorded(resolved);
    if (recorded && keep(recorded)) out.push(recorded);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * One event by id. KurrentDB has no index by event id: $all is read from the newest back (a sent
 * mail's request is usually recent). Only inbound mail asks, one message at a time.
 */
async function readEventById(client: KurrentDBClient, eventId: string): Promise<RecordedEvent | undefined> {
  const newestFirst = client.readAll({ direction: BACKWARDS, fromPosition: END, filter: excludeSystemEvents() });
  const [found] = await collect(newestFirst, (e) => e.eventId === eventId, 1);
  return found;
}

/**
 * The event store on KurrentDB (docs/decisions/022-kurrentdb-event-store.md), behind the same port as the Postgres one. Events
 * live in KurrentDB; the first answer to each command id lives in Postgres (the `commands` table of
 * the event-store migrations), beside the projector's checkpoints.
 */
export function createKurrentDbEventStore(client: KurrentDBClient, db: Database): EventStore {
  const localListeners = new Set<(position?: string) => void>();

  async function recordCommand(commandId: string, streamId: string, nextVersion: number, position: string): Promise<AppendResult> {
    const { rows } = await db.query<{ next_version: number; position: string; inserted: boolean }>(
      `WITH ins AS (INSERT INTO commands (command_id, stream_id, next_version, position) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (command_id) DO NOTHING RETURNING next_version, position)
       SELECT next_version, position, true AS inserted FROM ins
       UNION ALL SELECT next_version, position, false FROM commands WHERE command_id = $1 AND NOT EXISTS (SELECT 1 FROM ins)`,
      [commandId, streamId, nextVersion, position],
    );
    const row = rows[0]!;
    return { nextVersion: row.next_version, position: row.position, duplicate: !row.inserted };
  }

  const store: EventStore = {
    async append(streamId, expectedVersion, events, { commandId, metadata }) {
      if (events.length === 0) throw new Error("append needs at least one event");
      const first = await store.findCommand(commandId);
      if (first) return { nextVersion: first.nextVersion, position: first.position, duplicate: true };
      const data = events.map((e, i) => {
        const { data: body, schemaVersion } = encodeEvent(e);
        return jsonEvent({ id: deterministicEventId(commandId, i), type: e.type, data: body as Record<string, unknown>, metadata: { ...metadata, schemaVersion } });
      });
      try {
        const result = await client.appendToStream(streamId, data, { streamState: streamStateOf(expectedVersion) });
        const position = result.position ? kurrentPosition(result.position) : await store.currentPosition();
        const answer = await recordCommand(commandId, streamId, Number(result.nextExpectedRevision) + 1, position);
        if (!answer.duplicate) for (const listener of localListeners) listener(answer.position);
        return answer;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          // A racing twin of this command may have won: then its answer is ours.
          const raced = await store.findCommand(commandId);
          if (raced) return { nextVersion: raced.nextVersion, position: raced.position, duplicate: true };
          throw new StreamVersionConflictError(streamId, expectedVersion, versionOf(error.actualState));
        }
        throw error;
      }
    },

    async readStream(streamId, options = {}) {
      const to = options.toPosition;
      try {
        return await collect(
          client.readStream(streamId, { direction: FORWARDS, fromRevision: options.fromVersion ? BigInt(options.fromVersion) : START }),
          (e) => to === undefined || e.position <= to,
        );
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
    },

    // Events cannot be rewritten here (decisions/020): a mark's rewrites count stays 0.
    async loadStream(streamId, since) {
      return { events: await store.readStream(streamId, { fromVersion: since?.version }), rewrites: 0, whole: since === undefined };
    },

    async readAll({ after, limit }) {
      const from = after === START_POSITION ? START : toKurrent(after);
      // fromPosition is inclusive: the event at `after` itself is skipped.
      return collect(client.readAll({ direction: FORWARDS, fromPosition: from, filter: excludeSystemEvents(), maxCount: limit + 1 }), (e) => e.position > after, limit);
    },

    async readAllOfTypes({ after, limit, types }) {
      // $all's server-side filters skip events without saying how far they read: read the page, keep the types asked.
      return typedPage(await store.readAll({ after, limit }), after, types);
    },

    async currentPosition() {
      const [head] = await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, filter: excludeSystemEvents(), maxCount: 1 }), () => true, 1);
      return head?.position ?? START_POSITION;
    },

    readEvent: (eventId) => readEventById(client, eventId),

    findCommand: (commandId) => findCommandAnswer(db, commandId),

    async onAppend(listener) {
      // Appends by other processes arrive through a live $all subscription; this process's own at once.
      localListeners.add(listener);
      const subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      subscription.on("data", (resolved: AllStreamResolvedEvent) => {
        if (resolved.event?.position) listener(kurrentPosition(resolved.event.position));
      });
      subscription.on("error", () => undefined); // the runner's polling fallback covers a dropped subscription
      return async () => {
        localListeners.delete(listener);
        await subscription.unsubscribe();
      };
    },
  };
  return store;
}

/** A client for KURRENTDB_URL ("kurrentdb://host:2113?tls=false"). */
export const connectKurrentDb = (url: string) => KurrentDBClient.connectionString(url);
