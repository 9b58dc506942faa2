import { expect } from "vitest";
import type { DomainEvent, EventMetadata } from "@crm/contracts/events/registry";
import { fold, type Decider, type EventEnvelope } from "../../src/core/decider.ts";

/**
 * Given / when / then for deciders:
 *
 *   const lead = expectDecision(leadDecider);
 *   lead.given([created]).when(command).thenEvents([changed]);
 *   lead.given([]).when(command).thenThrows(/not found/);
 *   lead.given([created, archived]).state;           // the folded state
 *   lead.given([created]).when(command).events;      // the decided events, to look into
 *   lead.from(state).when(command).thenThrows(NotFoundError);
 *
 * given(decider, events) and when(decider, state, command) are the same steps one at a time.
 */

/** The metadata of every given event unless it brings its own. */
export const GIVEN_METADATA: EventMetadata = { actor: "user-1", at: "2026-11-21T10:00:00.000Z", commandId: "c-1", correlationId: "c-1" };

/** An event as a test gives it: {type, data}, or paired with what its metadata has of its own (who, when). */
export type GivenEvent<E extends DomainEvent> = E | readonly [E, Partial<EventMetadata>];

/** What toThrow takes: part of the message, a RegExp, an error, an error class, an asymmetric matcher. */
export type ThrowMatcher =
  string | RegExp | Error | (abstract new (...args: never[]) => Error) | { asymmetricMatch(actual: unknown): boolean };

const paired = <E extends DomainEvent>(given: GivenEvent<E>): given is readonly [E, Partial<EventMetadata>] => Array.isArray(given);

function envelope<E extends DomainEvent>(given: GivenEvent<E>): EventEnvelope<E> {
  const [event, own]: readonly [E, Partial<EventMetadata>] = paired(given) ? given : [given, {}];
  // EventEnvelope<E> is E with metadata, spelt as a conditional type TS cannot resolve for a generic E.
  return { ...event, metadata: { ...GIVEN_METADATA, ...own } } as EventEnvelope<E>;
}

/** The state after these events: the decider's initial state folded with them. */
export const given = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>, events: readonly GivenEvent<E>[]): S =>
  fold(decider, events.map(envelope));

/** The events the decider decides for the command in this state; throws what the decider throws. */
export const when = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>, state: S, command: C): E[] => decider.decide(command, state);

/** A decider under test: from events or a state, when a command, then the events or the refusal. */
export function expectDecision<C, S, E extends DomainEvent>(decider: Decider<C, S, E>) {
  const from = (state: S) => ({
    state,
    when: (command: C) => ({
      /** The decided events; throws the refusal. */
      get events() {
        return when(decider, state, command);
      },
      thenEvents: (expected: readonly E[]) => expect(when(decider, state, command)).toEqual(expected),
      thenThrows: (matcher?: ThrowMatcher) => expect(() => when(decider, state, command)).toThrow(matcher),
    }),
  });
  return { given: (events: readonly GivenEvent<E>[]) => from(given(decider, events)), from };
}
