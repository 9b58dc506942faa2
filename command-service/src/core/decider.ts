import type { DomainEvent, EventEnvelope, RecordedEvent } from "@crm/contracts/events/registry";

export type { EventEnvelope };

export interface Decider<Command, State, Event extends DomainEvent = DomainEvent> {
  initialState: State;
  /**
   * Every event type evolve reads. A stream may hold other modules' events too (a meeting's holds
   * delivery outcomes): foldRecorded leaves those out. Derive Event from this list, so neither
   * can miss a type the other has.
   */
  eventTypes: readonly Event["type"][];
  evolve(state: State, event: EventEnvelope<Event>): State;
  decide(command: Command, state: State): Event[];
}

/** Folds events into state with a decider's evolve. */
export const fold = <State, E extends DomainEvent>(
  decider: Pick<Decider<unknown, State, E>, "initialState" | "evolve">,
  events: readonly EventEnvelope<E>[],
) => events.reduce(decider.evolve, decider.initialState);

/** The recorded events of the decider's types, typed as its own; the stream's other events are left out. */
export function ownEvents<E extends DomainEvent>(
  decider: Decider<never, unknown, E>,
  events: readonly RecordedEvent[],
): RecordedEvent<E>[] {
  const types: readonly string[] = decider.eventTypes;
  // Sound: the event's type is one of E's, and a recorded event's data is of its type's schema.
  return events.filter((event): event is RecordedEvent<E> => types.includes(event.type));
}

/** Folds events read from the store into state, from the initial state unless given another. */
export const foldRecorded = <State, E extends DomainEvent>(
  decider: Decider<never, State, E>,
  events: readonly RecordedEvent[],
  from: State = decider.initialState,
): State => ownEvents(decider, events).reduce<State>(decider.evolve, from);

/** One function per command type, each given the command narrowed to its type; the type checker insists on every type. */
export type CommandHandlers<C extends { type: string }, S, E> = { [K in C["type"]]: (command: Extract<C, { type: K }>, state: S) => E[] };

/** A decide() that hands each command to the function for its type; a type none names (from untyped input) is refused. */
export function decideBy<C extends { type: string }, S, E>(handlers: CommandHandlers<C, S, E>): (command: C, state: S) => E[] {
  return (command, state) => {
    if (!Object.hasOwn(handlers, command.type)) throw new Error(`Unknown command ${JSON.stringify(command)}`);
    return (handlers[command.type as C["type"]] as (command: C, state: S) => E[])(command, state);
  };
}
