import { describeClientLinkEvent } from "../client-link/describe.ts";
import { describeCreativeEvent } from "../creative/describe.ts";
import type { DomainEvent } from "../events/registry.ts";
import { describeInboundEvent } from "../inbound/describe.ts";
import { describeLeadEvent } from "../lead/describe.ts";
import { leadIdOfStream } from "../lead/stream.ts";
import { describeMessagingEvent, type LeadActivityDescription } from "../messaging/describe.ts";
import { describeQuestionnaireEvent } from "../questionnaire/describe.ts";

/**
 * Any event as an entry on its lead's timeline, or undefined when it makes none. Lead events name
 * their lead by stream; meetings, messages, questionnaires and creative work name it in their data.
 */
export function describeActivity(event: DomainEvent & { streamId: string }): LeadActivityDescription | undefined {
  const leadId = leadIdOfStream(event.streamId);
  if (leadId) {
    const described = describeLeadEvent(event);
    return described && { ...described, leadId };
  }
  return describeMessagingEvent(event) ?? describeQuestionnaireEvent(event) ?? describeCreativeEvent(event) ?? describeClientLinkEvent(event) ?? describeInboundEvent(event);
}

/** The lead an event belongs to, whether or not it makes a timeline entry. */
export const leadIdOfEvent = (event: DomainEvent & { streamId: string }): string | undefined =>
  leadIdOfStream(event.streamId) ?? describeActivity(event)?.leadId;
