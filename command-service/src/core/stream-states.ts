import { decodeEvent, encodeEvent, type DomainEvent } from "@crm/contracts/events/registry";
import type { EventStore, StreamMark } from "@crm/infra/event-store/event-store";
import { foldRecorded, type Decider, type EventEnvelope } from "./decider.ts";

/** A stream's state as this process folded it, and where the stream stood then. */
export interface StreamState<State> {
  state: State;
  /** The version folded (0: the stream does not exist) and the stream's rewrites count then. */
  mark: StreamMark;
  /** The position of the last event folded; undefined when the stream does not exist. */
  position: string | undefined;
}

/**
 * How many streams' states each decider keeps per store, the least recently used going first.
 * A lead's state is about a kilobyte.
 */
const STREAMS_KEPT = 10_000;

type AnyDecider = Decider<never, unknown, never>;

/** Per store (each app, each test database has its own), per decider (a stream may be folded by several): stream id -> state. */
const keptByStore = new WeakMap<EventStore, Map<AnyDecider, Map<string, StreamState<unknown>>>>();

function keptOf(store: EventStore, decider: AnyDecider): Map<string, StreamState<unknown>> {
  let byDecider = keptByStore.get(store);
  if (!byDecider) keptByStore.set(store, (byDecider = new Map()));
  let kept = byDecider.get(decider);
  if (!kept) byDecider.set(decider, (kept = new Map()));
  return kept;
}

/** Keeps the newer of two states of a stream (commands run side by side) and forgets the least recent stream past the bound. */
function keep(kept: Map<string, StreamState<unknown>>, streamId: string, entry: StreamState<unknown>) {
  const newer = kept.get(streamId);
  if (newer && newer.mark.rewrites === entry.mark.rewrites && newer.mark.version > entry.mark.version) return;
  kept.delete(streamId);
  kept.set(streamId, entry);
  if (kept.size > STREAMS_KEPT) kept.delete(kept.keys().next().value!);
}

/**
 * The state this process kept of a stream, as its last command there left it (decisions/033):
 * current unless another process appended or an erasure rewrote the stream since, which the
 * append's check of the mark refuses.
 */
export function keptState<State, E extends DomainEvent>(store: EventStore, streamId: string, decider: Decider<never, State, E>) {
  return keptOf(store, decider as AnyDecider).get(streamId) as StreamState<State> | undefined;
}

/**
 * A stream's current state for a command: the state this process kept, brought up to date with
 * the events appended since (none, or another process's), or folded from the whole stream the
 * first time, once forgotten, or once its events were rewritten in place. Either way it is the
 * fold of every event the load can see, as if the whole stream had been read.
 */
export async function loadState<State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<never, State, E>,
): Promise<StreamState<State>> {
  const kept = keptOf(store, decider as AnyDecider);
  const known = kept.get(streamId) as StreamState<State> | undefined;
  const loaded = await store.loadStream(streamId, known?.mark);
  const base = known && !loaded.whole ? known : emptyStream(decider);
  const last = loaded.events.at(-1);
  const current: StreamState<State> = {
    state: foldRecorded(decider, loaded.events, base.state),
    mark: { version: last?.streamVersion ?? base.mark.version, rewrites: loaded.rewrites },
    position: last?.position ?? base.position,
  };
  if (current.mark.version > 0) keep(kept, streamId, current);
  return current;
}

/** A stream with no events yet: the decider's initial state at version 0. */
export const emptyStream = <State>(decider: Pick<Decider<never, State, never>, "initialState">): StreamState<State> => ({
  state: decider.initialState,
  mark: { version: 0, rewrites: 0 },
  position: undefined,
});

/** The event as a later load will read it back: encoded for the store, then decoded. */
const asStored = (event: DomainEvent): DomainEvent => {
  const { data, schemaVersion } = encodeEvent(event);
  return decodeEvent(event.type, schemaVersion, JSON.parse(JSON.stringify(data)));
};

/**
 * Keeps the state a command's confirmed append left: `before` (the state at the mark the append
 * expected) folded with the appended events as a load would read them back.
 */
export function keepAppended<State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<never, State, E>,
  before: StreamState<State>,
  appended: readonly EventEnvelope<E>[],
  result: { nextVersion: number; position: string },
): State {
  const stored = appended.map((e) => ({ ...e, ...asStored(e) }) as EventEnvelope<E>);
  const state = stored.reduce(decider.evolve, before.state);
  const mark = { version: result.nextVersion, rewrites: before.mark.rewrites };
  keep(keptOf(store, decider as AnyDecider), streamId, { state, mark, position: result.position });
  return state;
}

/** Drops what this process kept of these streams (an erasure rewrote them: their old values leave memory now). */
export function forgetStreams(store: EventStore, streamIds: readonly string[]) {
  for (const kept of keptByStore.get(store)?.values() ?? []) for (const id of streamIds) kept.delete(id);
}
