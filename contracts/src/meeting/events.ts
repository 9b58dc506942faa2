import { z } from "zod";
import { RSVP_RESPONSES } from "./answers.ts";
import { CONFERENCE_PROVIDERS, MeetingKind, MeetingType } from "./meeting.ts";

const Conference = z.enum(CONFERENCE_PROVIDERS);

/** Times are UTC instants. joinLink is null for in-person meetings and while Google creates a Meet. */
export const MeetingScheduled = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  type: MeetingType,
  meetingType: MeetingKind,
  location: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  notes: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  conferenceProvider: Conference.nullable(),
  joinLink: z.string().nullable(),
});

/** The calendar reactor got a video link (Google Meet, or Jitsi when Google failed). */
export const MeetingConferenceCreated = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  provider: Conference,
  joinLink: z.string(),
  calendarEventId: z.string().nullable(),
});

/** Google could not create a Meet; the fallback link is used instead. */
export const MeetingConferenceFailed = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  error: z.string(),
  fallbackLink: z.string(),
});

export const MeetingRescheduled = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  sequence: z.number().int().nonnegative(),
});

export const MeetingCancelled = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  sequence: z.number().int().nonnegative(),
});

/** Asks the mail reactor to send an iCalendar REQUEST or CANCEL for the meeting as it is at this event. */
export const InviteRequested = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  to: z.string(),
  method: z.enum(["REQUEST", "CANCEL"]),
  sequence: z.number().int().nonnegative(),
});

/** An attendee answered the invite (an iTIP REPLY that came in: InboundEmailReceived with rsvp). */
export const MeetingRsvpReceived = z.object({
  meetingId: z.uuid(),
  leadId: z.uuid(),
  /** The meeting's title when the answer came, so the timeline can say what was answered. */
  title: z.string(),
  attendee: z.string(),
  response: z.enum(RSVP_RESPONSES),
  inboundId: z.uuid(),
});

export const meetingEvents = {
  MeetingScheduled,
  MeetingConferenceCreated,
  MeetingConferenceFailed,
  MeetingRescheduled,
  MeetingCancelled,
  InviteRequested,
  MeetingRsvpReceived,
} as const;
