import type { EventMetadata, RecordedEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { isPermanentFailure } from "@crm/contracts/lead/undeliverable";
import { meetingIdOfUid } from "@crm/contracts/meeting/calendar-text";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Reactor } from "@crm/infra/reactor/reactor-runner";
import { handleCommand } from "../core/command-handler.ts";
import { leadDecider } from "../lead/lead.decider.ts";
import { meetingDecider } from "../meeting/meeting.decider.ts";

export interface InboundReactorDeps {
  store: EventStore;
  now: () => Date;
}

type Received = Extract<RecordedEvent, { type: "InboundEmailReceived" }>["data"];

/**
 * What the reactor appends for one inbound message, keyed by the message (its inboundId): a
 * redelivered event, a second process or a restart finds the command id and appends nothing again.
 */
const metadata = (step: "bounce" | "rsvp", message: Received, event: RecordedEvent, now: () => Date): EventMetadata => ({
  actor: "system",
  at: now().toISOString(),
  commandId: `inbound-${step}-${message.inboundId}`,
  correlationId: event.metadata.correlationId,
});

/** A report that an address failed for good, or an answer that names one of our meetings. */
function actionable({ kind, bounce, rsvp }: Received): boolean {
  if (kind === "bounce") return bounce !== null && isPermanentFailure(bounce.status);
  return kind === "rsvp" && rsvp !== null && meetingIdOfUid(rsvp.uid) !== undefined;
}

/**
 * Acts on the bounces and RSVPs the intake recorded (docs/product.md, "Replies"): the intake only
 * records InboundEmailReceived, so a crash between recording and acting loses nothing; this reactor
 * takes it from the log, and takes an unmatched one when a colleague assigns it to a lead
 * (InboundEmailAssigned). A bounce goes to the lead's decider (LeadEmailBounced while the address is
 * still the lead's email), an answer to the meeting's (MeetingRsvpReceived unless it cannot count);
 * the deciders say no to what does not apply, so nothing here throws for a stale or foreign message.
 */
export function inboundReactor(deps: InboundReactorDeps): Reactor {
  async function act(message: Received, leadId: string, event: RecordedEvent) {
    const { inboundId, bounce, rsvp } = message;
    if (bounce) {
      const { recipient, status, reason } = bounce;
      await handleCommand(
        deps.store,
        leadStreamId(leadId),
        leadDecider,
        { type: "RecordBounce", leadId, inboundId, recipient, status, reason },
        { metadata: metadata("bounce", message, event, deps.now) },
      );
    } else if (rsvp) {
      const { attendee, response, sequence } = rsvp;
      await handleCommand(
        deps.store,
        meetingStreamId(meetingIdOfUid(rsvp.uid)!),
        meetingDecider,
        { type: "RecordRsvp", leadId, inboundId, attendee, response, sequence },
        { metadata: metadata("rsvp", message, event, deps.now) },
      );
    }
  }

  return {
    name: "inbound",
    types: ["InboundEmailReceived", "InboundEmailAssigned"],
    handles: (event) =>
      event.type === "InboundEmailAssigned" ||
      (event.type === "InboundEmailReceived" && event.data.leadId !== null && actionable(event.data)),
    async handle(event) {
      if (event.type === "InboundEmailReceived" && event.data.leadId !== null && actionable(event.data)) {
        await act(event.data, event.data.leadId, event);
      } else if (event.type === "InboundEmailAssigned") {
        const received = (await deps.store.readStream(event.streamId)).find((e) => e.type === "InboundEmailReceived");
        if (received?.type === "InboundEmailReceived" && actionable(received.data)) await act(received.data, event.data.leadId, event);
      }
    },
  };
}
