import type { DomainEvent } from "../events/registry.ts";
import type { ActivityDescription } from "../lead/describe.ts";

/** A timeline entry for an event that lives outside the lead's own stream. */
export interface LeadActivityDescription extends ActivityDescription {
  leadId: string;
}

function describeMeetingEvent(event: DomainEvent): LeadActivityDescription | undefined {
  switch (event.type) {
    case "MeetingScheduled": {
      const where = event.data.meetingType === "in-person" ? `at ${event.data.location}` : "by video";
      return { leadId: event.data.leadId, type: "meeting", title: `Meeting scheduled: ${event.data.title}`, description: where, at: event.data.startTime };
    }
    case "MeetingRescheduled":
      return { leadId: event.data.leadId, type: "meeting", title: `Meeting rescheduled: ${event.data.title}`, description: null, at: event.data.startTime };
    case "MeetingCancelled":
      return { leadId: event.data.leadId, type: "meeting", title: `Meeting cancelled: ${event.data.title}`, description: null };
    case "MeetingConferenceFailed":
      return { leadId: event.data.leadId, type: "meeting", title: "Google Meet link could not be created", description: `A Jitsi link is used for ${event.data.title}` };
    case "MeetingRsvpReceived": {
      const { leadId, attendee, response, title } = event.data;
      const answered = response === "tentative" ? "tentatively accepted" : response;
      return { leadId, type: "meeting", title: `${attendee} ${answered} ${title}`, description: "Answered the invite from their calendar" };
    }
    default:
      return undefined;
  }
}

function describeDeliveryEvent(event: DomainEvent): LeadActivityDescription | undefined {
  switch (event.type) {
    case "EmailSent": {
      const d = event.data;
      const title = d.kind === "invite" ? "Meeting invite sent" : d.kind === "form" ? "Form sent" : "Email sent";
      return { leadId: d.leadId, type: "email_sent", title: `${title}: ${d.subject}`, description: `To ${d.to}` };
    }
    case "EmailFailed":
      return { leadId: event.data.leadId, type: "email", title: `Email failed: ${event.data.subject}`, description: `To ${event.data.to}: ${event.data.error}` };
    case "SmsSent":
      return { leadId: event.data.leadId, type: "sms_sent", title: `SMS sent to ${event.data.to}`, description: event.data.preview };
    case "SmsFailed":
      return { leadId: event.data.leadId, type: "note", title: `SMS failed to ${event.data.to}`, description: event.data.error };
    default:
      return undefined;
  }
}

/**
 * How a meeting or message event reads on its lead's timeline; undefined for events that make no
 * entry (requests show once their outcome is known, as "sent" or "failed").
 */
export function describeMessagingEvent(event: DomainEvent): LeadActivityDescription | undefined {
  return describeMeetingEvent(event) ?? describeDeliveryEvent(event);
}
