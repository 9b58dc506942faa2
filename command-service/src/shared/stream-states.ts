import type { DomainEvent } from "@crm/contracts/events/registry";
import type { EventStore, StreamMark } from "@crm/infra/event-store/event-store";
import type { Decider, EventEnvelope } from "./decider.ts";

/** A stream's state as a command found it. */
export interface LoadedState<State> {
  state: State;
  /** The stream's version: 0 when it does not exist. */
  version: number;
  /** The position of its last event; undefined when it does not exist. */
  position: string | undefined;
}

interface Folded {
  state: unknown;
  mark: StreamMark;
  position: string | undefined;
}

/**
 * How many streams' states each decider keeps per store, the least recently loaded going first.
 * A lead's state is about a kilobyte.
 */
const STREAMS_KEPT = 10_000;

/** Per store (each app, each test database has its own), per decider (a stream may be folded by several): stream id -> state. */
const foldedByStore = new WeakMap<EventStore, Map<Decider<never, unknown, never>, Map<string, Folded>>>();

function foldedOf(store: EventStore, decider: Decider<never, unknown, never>): Map<string, Folded> {
  let byDecider = foldedByStore.get(store);
  if (!byDecider) foldedByStore.set(store, (byDecider = new Map()));
  let folded = byDecider.get(decider);
  if (!folded) byDecider.set(decider, (folded = new Map()));
  return folded;
}

/** Keeps the newer of two loads of a stream (loads run side by side) and forgets the least recent stream past the bound. */
function remember(folded: Map<string, Folded>, streamId: string, entry: Folded) {
  const kept = folded.get(streamId);
  if (kept && kept.mark.rewrites === entry.mark.rewrites && kept.mark.version > entry.mark.version) return;
  folded.delete(streamId);
  folded.set(streamId, entry);
  if (folded.size > STREAMS_KEPT) folded.delete(folded.keys().next().value!);
}

/**
 * A stream's current state for a command (decisions/033): the state this process folded when it
 * last loaded the stream, brought up to date with the events appended since (usually only those
 * of the last command), or folded from the whole stream the first time, once forgotten, or once
 * its events were rewritten in place. Either way it is the fold of every event the load can see,
 * as if the whole stream had been read: only the rows sent differ.
 */
export async function loadState<State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<never, State, E>,
): Promise<LoadedState<State>> {
  const folded = foldedOf(store, decider as Decider<never, unknown, never>);
  const known = folded.get(streamId);
  const loaded = await store.loadStream(streamId, known?.mark);
  const from =
    loaded.whole || !known ? { state: decider.initialState, version: 0, position: undefined } : { ...known, version: known.mark.version };
  const events = loaded.events as unknown as EventEnvelope<E>[];
  const state = events.reduce(decider.evolve, from.state as State);
  const last = loaded.events.at(-1);
  const current = { state, version: last?.streamVersion ?? from.version, position: last?.position ?? from.position };
  if (current.version > 0)
    remember(folded, streamId, { state, mark: { version: current.version, rewrites: loaded.rewrites }, position: current.position });
  return current;
}

/** Drops what this process folded of these streams (an erasure rewrote them: their old values leave memory now). */
export function forgetStreams(store: EventStore, streamIds: readonly string[]) {
  for (const folded of foldedByStore.get(store)?.values() ?? []) for (const id of streamIds) folded.delete(id);
}
