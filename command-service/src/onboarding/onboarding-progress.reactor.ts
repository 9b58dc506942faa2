import { ApiError } from "@crm/contracts/api/errors";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { RecordStepBody } from "@crm/contracts/onboarding/onboarding";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Reactor } from "@crm/infra/reactor/reactor-runner";
import { handleCommand } from "../core/command-handler.ts";
import { onboardingDecider } from "./onboarding.decider.ts";

/** The onboarding step an event completes, if any: an onboarding form requested, an onboarding meeting scheduled. */
export function stepOf(event: RecordedEvent): { leadId: string; step: RecordStepBody["step"] } | undefined {
  if (event.type === "EmailRequested" && event.data.kind === "form" && event.data.formType === "onboarding")
    return { leadId: event.data.leadId, step: "form-sent" };
  if (event.type === "MeetingScheduled" && event.data.type === "onboarding")
    return { leadId: event.data.leadId, step: "meeting-scheduled" };
  return undefined;
}

/**
 * Moves a client forward through onboarding when its form goes out or its onboarding meeting is
 * booked, from whichever screen that was done. A lead not in onboarding (or archived) is left as it
 * is. The command id comes from the event, so a redelivered event appends nothing twice.
 */
export function onboardingProgressReactor({ store, now }: { store: EventStore; now: () => Date }): Reactor {
  return {
    name: "onboarding-progress",
    types: ["EmailRequested", "MeetingScheduled"],
    handles: (event) => stepOf(event) !== undefined,
    async handle(event) {
      const found = stepOf(event)!;
      const metadata = {
        actor: event.metadata.actor,
        at: now().toISOString(),
        commandId: `onboarding-step-${event.eventId}`,
        correlationId: event.metadata.correlationId,
      };
      try {
        await handleCommand(store, leadStreamId(found.leadId), onboardingDecider, { type: "RecordOnboardingStep", ...found }, { metadata });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return; // not in onboarding: nothing to move
        throw error;
      }
    },
  };
}
