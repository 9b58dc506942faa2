import type { DomainEvent, EventMetadata, RecordedEvent } from "@crm/contracts/events/registry";

/** The kind of record a stream holds: its id's prefix ("lead" of "lead-<uuid>"). */
export const streamTypeOf = (streamId: string) => streamId.split("-", 1)[0] ?? streamId;

/** A number is the exact version the stream must have (0: it must not exist yet); "any" skips the check. */
export type ExpectedVersion = number | "any";

export interface AppendResult {
  nextVersion: number;
  /** Position of the last appended event in the global log. */
  position: string;
  /** True when the command id had been seen: nothing was appended and this is the first answer. */
  duplicate: boolean;
}

export interface AppendOptions {
  commandId: string;
  metadata: EventMetadata;
  /**
   * The rewrites count of the stream the caller folded (StreamMark): with a numbered expected
   * version, a stream rewritten in place since refuses the append as a conflict (decisions/033).
   */
  expectedRewrites?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after: string;
  limit: number;
}

/** A page of the log read for some event types (EventStore.readAllOfTypes). */
export interface TypedLogPage {
  /** The events of the asked types among those read, in log order. */
  events: RecordedEvent[];
  /** How many events of the log were read, of any type: fewer than the limit means the head was reached. */
  read: number;
  /** The position of the last event read, of any type (`after` when none was): the next page starts after it. */
  through: string;
}

/** readAll's page as readAllOfTypes answers it: the events of these types (all of them without), how many were read, through where. */
export function typedPage(events: RecordedEvent[], after: string, types?: readonly string[]): TypedLogPage {
  const wanted = types && new Set(types);
  return {
    events: wanted ? events.filter((event) => wanted.has(event.type)) : events,
    read: events.length,
    through: events.at(-1)?.position ?? after,
  };
}

/** How far a caller has folded a stream: its version then, and how often its events had been rewritten in place (erasure). */
export interface StreamMark {
  version: number;
  rewrites: number;
}

/** A stream as a command loads it: the events after the caller's mark, or all of them (`whole`). */
export interface LoadedStream {
  events: RecordedEvent[];
  /** The stream's rewrites count now: with the version of the last event, the next load's mark. */
  rewrites: number;
  /** True when these are all the stream's events: there was no mark, or the events were rewritten since. */
  whole: boolean;
}

/** The event store port (docs/decisions/001-event-store-design.md, 022-kurrentdb-event-store.md); Postgres and KurrentDB implement it. */
export interface EventStore {
  append(streamId: string, expectedVersion: ExpectedVersion, events: readonly DomainEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: { fromVersion?: number; toPosition?: string }): Promise<RecordedEvent[]>;
  /** What a command loads (decisions/033): the events after `since`, or the whole stream without one or once its events were rewritten. */
  loadStream(streamId: string, since?: StreamMark): Promise<LoadedStream>;
  /** Events after a position in log order; never skips an event that commits late. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Reads the log as readAll does, but decodes and returns only the events of these types: a
   * follower that handles a few types passes over the others without paying for their data.
   */
  readAllOfTypes(options: ReadAllOptions & { types: readonly string[] }): Promise<TypedLogPage>;
  /** The position of the newest event that readAll can deliver now. */
  currentPosition(): Promise<string>;
  /** One event by its id (a sent mail's Message-ID names its request event); undefined when there is none. */
  readEvent(eventId: string): Promise<RecordedEvent | undefined>;
  /** The first answer to a command id, when it was already appended. */
  findCommand(commandId: string): Promise<{ streamId: string; nextVersion: number; position: string } | undefined>;
  /**
   * Calls listener after appends (NOTIFY or in-process), with the appended position when the
   * backend knows it; resolves to an unsubscribe function.
   */
  onAppend(listener: (position?: string) => void): Promise<() => Promise<void>>;
}

export class StreamVersionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, expected ${String(expectedVersion)}`);
  }
}
