import { EVENT_TYPES, type DomainEvent, type EventOf } from "@crm/contracts/events/registry";
import { OUTCOME_EVENT_TYPES } from "@crm/contracts/messaging/events";
import type { Decider, EventEnvelope } from "../core/decider.ts";

export type OutcomeEvent = EventOf<(typeof OUTCOME_EVENT_TYPES)[number]>;

/**
 * Delivery outcomes on any stream that holds requests (a message's or a meeting's): the state is
 * the set of request ids that already have an outcome, so a redelivered request records nothing.
 */
export type DeliveryState = ReadonlySet<string>;

export type DeliveryCommand = { type: "RecordOutcome"; outcome: OutcomeEvent };

const isOutcome = (event: DomainEvent): event is OutcomeEvent => (OUTCOME_EVENT_TYPES as readonly string[]).includes(event.type);

export function evolve(state: DeliveryState, event: EventEnvelope<DomainEvent>): DeliveryState {
  return isOutcome(event) ? new Set([...state, event.data.requestId]) : state;
}

export function decide(command: DeliveryCommand, state: DeliveryState): OutcomeEvent[] {
  return state.has(command.outcome.data.requestId) ? [] : [command.outcome];
}

/** It reads every event of the stream: only outcomes count, whatever else the stream holds. */
export const deliveryDecider: Decider<DeliveryCommand, DeliveryState, DomainEvent> = {
  initialState: new Set<string>(),
  eventTypes: EVENT_TYPES,
  evolve,
  decide,
};
