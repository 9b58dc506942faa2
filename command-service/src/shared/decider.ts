import type { DomainEvent, EventEnvelope } from "@crm/contracts/events/registry";

export type { EventEnvelope };

export interface Decider<Command, State, Event extends DomainEvent = DomainEvent> {
  initialState: State;
  evolve(state: State, event: EventEnvelope<Event>): State;
  decide(command: Command, state: State): Event[];
}

/** Folds events into state with a decider's evolve. */
export const fold = <State, E extends DomainEvent>(decider: Pick<Decider<unknown, State, E>, "initialState" | "evolve">, events: readonly EventEnvelope<E>[]) =>
  events.reduce(decider.evolve, decider.initialState);
