import { decodeEvent, encodeEvent, type DomainEvent } from "@crm/contracts/events/registry";
import { fastPathDefaults } from "@crm/infra/config";
import type { EventStore, StreamMark } from "@crm/infra/event-store/event-store";
import { foldRecorded, type Decider, type EventEnvelope } from "./decider.ts";

/** A stream's state as this process folded it, and where the stream stood then. */
export interface StreamState<State> {
  state: State;
  /** The version folded (0: the stream does not exist) and the stream's rewrites count then. */
  mark: StreamMark;
  /** The position of the last event folded; undefined when the stream does not exist. */
  position: string | undefined;
  /**
   * True for a state this process kept from an earlier command, which only an append at its mark
   * confirms as current (decisions/033); false for one loaded from the store just now.
   */
  kept: boolean;
}

type AnyDecider = Decider<never, unknown, never>;

/**
 * Where a command's handler gets the state it decides on, and what it tells of an append: the
 * seam of the fast path FAST_STREAM_STATES (decisions/043). With it on (keptStreamStates) a
 * command decides on the state this process's last command on the stream left, and a load reads
 * only the events since; off (loadedStreamStates) every command loads its whole stream.
 */
export interface StreamStates {
  /** The state to decide on first: the one kept if there is one (kept: true), else the stream loaded. */
  current<State, E extends DomainEvent>(streamId: string, decider: Decider<never, State, E>): Promise<StreamState<State>>;
  /** The stream's state now, as a fold of every event a load can see (kept: false). */
  load<State, E extends DomainEvent>(streamId: string, decider: Decider<never, State, E>): Promise<StreamState<State>>;
  /** The state a confirmed append left: `before` folded with the appended events as a load will read them back. */
  appended<State, E extends DomainEvent>(
    streamId: string,
    decider: Decider<never, State, E>,
    before: StreamState<State>,
    events: readonly EventEnvelope<E>[],
    result: { nextVersion: number; position: string },
  ): State;
  /** Drops what is kept of these streams (an erasure rewrote them: their old values leave memory now). */
  forget(streamIds: readonly string[]): void;
}

/** A stream with no events yet: the decider's initial state at version 0. */
export const emptyStream = <State>(decider: Pick<Decider<never, State, never>, "initialState">): StreamState<State> => ({
  state: decider.initialState,
  mark: { version: 0, rewrites: 0 },
  position: undefined,
  kept: false,
});

/** The event as a later load will read it back: encoded for the store, then decoded. */
const asStored = (event: DomainEvent): DomainEvent => {
  const { data, schemaVersion } = encodeEvent(event);
  return decodeEvent(event.type, schemaVersion, JSON.parse(JSON.stringify(data)));
};

function foldAppended<State, E extends DomainEvent>(decider: Decider<never, State, E>, before: State, events: readonly EventEnvelope<E>[]) {
  return events.map((e) => ({ ...e, ...asStored(e) }) as EventEnvelope<E>).reduce(decider.evolve, before);
}

/** Folds a load onto `base` (the kept state it was loaded after, or the empty stream when it is whole). */
async function loadAfter<State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<never, State, E>,
  known: StreamState<State> | undefined,
): Promise<StreamState<State>> {
  const loaded = await store.loadStream(streamId, known?.mark);
  const base = known && !loaded.whole ? known : emptyStream(decider);
  const last = loaded.events.at(-1);
  return {
    state: foldRecorded(decider, loaded.events, base.state),
    mark: { version: last?.streamVersion ?? base.mark.version, rewrites: loaded.rewrites },
    position: last?.position ?? base.position,
    kept: false,
  };
}

/** The fast path off: nothing is kept, every command loads its whole stream. */
export function loadedStreamStates(store: EventStore): StreamStates {
  const load = <State, E extends DomainEvent>(streamId: string, decider: Decider<never, State, E>) =>
    loadAfter(store, streamId, decider, undefined);
  return {
    current: load,
    load,
    appended: (_streamId, decider, before, events) => foldAppended(decider, before.state, events),
    forget: () => undefined,
  };
}

/**
 * How many streams' states each decider keeps per store, the least recently used going first.
 * A lead's state is about a kilobyte.
 */
const STREAMS_KEPT = 10_000;

/**
 * The fast path on (decisions/033): per decider (a stream may be folded by several), the state of
 * up to `streamsKept` streams as this process's last command on each left it. It is current unless
 * another process appended or an erasure rewrote the stream since, which the append's check of
 * the mark refuses; a load then reads only the events after the kept mark.
 */
export function keptStreamStates(store: EventStore, { streamsKept = STREAMS_KEPT } = {}): StreamStates {
  const byDecider = new Map<AnyDecider, Map<string, StreamState<unknown>>>();
  function keptOf(decider: AnyDecider): Map<string, StreamState<unknown>> {
    let kept = byDecider.get(decider);
    if (!kept) byDecider.set(decider, (kept = new Map()));
    return kept;
  }
  /** Keeps the newer of two states of a stream (commands run side by side) and forgets the least recent stream past the bound. */
  function keep(decider: AnyDecider, streamId: string, entry: StreamState<unknown>) {
    const kept = keptOf(decider);
    const newer = kept.get(streamId);
    if (newer && newer.mark.rewrites === entry.mark.rewrites && newer.mark.version > entry.mark.version) return;
    kept.delete(streamId);
    kept.set(streamId, { ...entry, kept: true });
    if (kept.size > streamsKept) kept.delete(kept.keys().next().value!);
  }
  const states: StreamStates = {
    async current(streamId, decider) {
      const kept = keptOf(decider as AnyDecider).get(streamId) as StreamState<never> | undefined;
      return kept ?? states.load(streamId, decider);
    },
    async load(streamId, decider) {
      const known = keptOf(decider as AnyDecider).get(streamId) as StreamState<never> | undefined;
      const current = await loadAfter(store, streamId, decider, known);
      if (current.mark.version > 0) keep(decider as AnyDecider, streamId, current);
      return current;
    },
    appended(streamId, decider, before, events, result) {
      const state = foldAppended(decider, before.state, events);
      const mark = { version: result.nextVersion, rewrites: before.mark.rewrites };
      keep(decider as AnyDecider, streamId, { state, mark, position: result.position, kept: true });
      return state;
    },
    forget(streamIds) {
      for (const kept of byDecider.values()) for (const id of streamIds) kept.delete(id);
    },
  };
  return states;
}

/** Each store's (each app's, each test database's) stream states. */
const statesByStore = new WeakMap<EventStore, StreamStates>();

/**
 * The stream states commands on this store use: those set with useStreamStates, else kept ones
 * unless the process's FAST_STREAM_STATES is off.
 */
export function streamStatesOf(store: EventStore): StreamStates {
  let states = statesByStore.get(store);
  if (!states) {
    states = fastPathDefaults().streamStates ? keptStreamStates(store) : loadedStreamStates(store);
    statesByStore.set(store, states);
  }
  return states;
}

/** Sets the stream states of a store's commands (the app, from its configuration; a test, to pin one). */
export function useStreamStates(store: EventStore, states: StreamStates) {
  statesByStore.set(store, states);
}

/** Drops what this process kept of these streams (an erasure rewrote them: their old values leave memory now). */
export function forgetStreams(store: EventStore, streamIds: readonly string[]) {
  statesByStore.get(store)?.forget(streamIds);
}
