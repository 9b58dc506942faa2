import type { EventMetadata, RecordedEvent } from "@crm/contracts/events/registry";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { reasonOf, type Attempted } from "@crm/infra/reactor/retry";
import { handleCommand } from "../core/command-handler.ts";
import { deliveryDecider, type OutcomeEvent } from "../messaging/delivery.decider.ts";

/** The idempotency key of a reactor's answer to one event: the event id with a step name. */
export const stepCommandId = (step: string, event: RecordedEvent) => `${step}-${event.eventId}`;

/** Metadata for what a reactor appends: the system did it, in the same correlation as the request. */
export function reactorMetadata(step: string, event: RecordedEvent, now: () => Date): EventMetadata {
  return { actor: "system", at: now().toISOString(), commandId: stepCommandId(step, event), correlationId: event.metadata.correlationId };
}

/** Whether this step already answered the event (a redelivery after a crash or a second process). */
export async function alreadyDone(store: EventStore, step: string, event: RecordedEvent): Promise<boolean> {
  return (await store.findCommand(stepCommandId(step, event))) !== undefined;
}

/** Appends a delivery outcome on the request's stream, once per request. */
export async function recordOutcome(store: EventStore, event: RecordedEvent, outcome: OutcomeEvent, now: () => Date) {
  await handleCommand(store, event.streamId, deliveryDecider, { type: "RecordOutcome", outcome }, { metadata: reactorMetadata("outcome", event, now) });
}

/**
 * Appends what a send with retries came to: `sent` given the provider's message id, or `failed`
 * given the reason of the last attempt's error.
 */
export async function recordAttempt(
  deps: { store: EventStore; now: () => Date },
  event: RecordedEvent,
  result: Attempted<{ providerMessageId: string | null }>,
  sent: (providerMessageId: string | null) => OutcomeEvent,
  failed: (error: string) => OutcomeEvent,
) {
  await recordOutcome(deps.store, event, result.ok ? sent(result.value.providerMessageId) : failed(reasonOf(result.error)), deps.now);
}
