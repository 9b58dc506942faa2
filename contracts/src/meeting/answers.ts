/**
 * A meeting as the read API and the meeting commands return it, and the kinds and states it names.
 * Answers are written with zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply;
 * this module imports no zod classic (the events, in events.ts, do). The bodies, in meeting.ts, build
 * their enums from the constants here.
 */
import { z } from "zod/mini";

/** What a meeting is about (docs/product.md, "Meetings, mail and SMS"). */
export const MEETING_TYPES = ["general", "pre-onboarding", "onboarding"] as const;

/**
 * Where it happens (docs/product.md, "Meetings, mail and SMS"). "google-meet" is the stored wire value of
 * the video kind, whichever provider makes its link (Jitsi or Google Meet, see conferenceProvider and
 * GET /api/calendar/config): screens and mails name the provider, never this value.
 */
export const MEETING_KINDS = ["google-meet", "in-person"] as const;

export const CONFERENCE_PROVIDERS = ["jitsi", "google"] as const;
export type ConferenceProvider = (typeof CONFERENCE_PROVIDERS)[number];

export const MEETING_STATUSES = ["scheduled", "cancelled"] as const;
export const INVITE_STATUSES = ["none", "pending", "sent", "failed"] as const;

export const RSVP_RESPONSES = ["accepted", "declined", "tentative"] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];
/** How an answer reads on the meetings card. */
export const RSVP_LABELS = { accepted: "Accepted", declined: "Declined", tentative: "Tentative" } as const satisfies Record<
  RsvpResponse,
  string
>;

/** An attendee's answer to the invite: their address (lower case), the answer, and when it came. */
export const MeetingResponse = z.object({ attendee: z.string(), response: z.enum(RSVP_RESPONSES), at: z.string() });
export type MeetingResponse = z.infer<typeof MeetingResponse>;

/** A meeting as the read API returns it (what the meetings card shows, docs/product.md, "Meetings, mail and SMS", plus version). */
export const Meeting = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  type: z.enum(MEETING_TYPES),
  meetingType: z.enum(MEETING_KINDS),
  startTime: z.string(),
  endTime: z.string(),
  location: z.nullable(z.string()),
  meetLink: z.nullable(z.string()),
  conferenceProvider: z.nullable(z.enum(CONFERENCE_PROVIDERS)),
  calendarEventId: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  attendeeEmail: z.nullable(z.string()),
  status: z.enum(MEETING_STATUSES),
  inviteStatus: z.enum(INVITE_STATUSES),
  sequence: z.int(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  /** The attendees' answers to the invite (iTIP REPLY), the latest per attendee, in the order they came. */
  responses: z.array(MeetingResponse),
  version: z.int(),
});
export type Meeting = z.infer<typeof Meeting>;
