import { describe, expect, it } from "vitest";
import { meetingDecider, type MeetingCommand, type MeetingEvent } from "../src/meeting/meeting.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const MEETING_ID = "5d0c6c8e-8d7f-4a43-9d7e-0f3c8a6b2e11";
const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const JITSI = "https://meet.jit.si/crm-abcdefghijkmnopqrstu";
const meeting = expectDecision(meetingDecider);

/** What a scheduled meeting's command and event both say. */
const details = {
  meetingId: MEETING_ID,
  leadId: LEAD_ID,
  title: "Kick-off",
  meetingType: "google-meet",
  location: null,
  startTime: "2030-01-31T14:00:00.000Z",
  endTime: "2030-01-31T15:00:00.000Z",
  notes: null,
  attendeeEmail: "ada@example.com",
} as const;

const scheduleCommand = (overrides: Partial<Extract<MeetingCommand, { type: "ScheduleMeeting" }>> = {}): MeetingCommand => ({
  type: "ScheduleMeeting",
  ...details,
  kind: "general",
  conference: { provider: "jitsi", joinLink: JITSI },
  ...overrides,
});

const scheduled: MeetingEvent = {
  type: "MeetingScheduled",
  data: { ...details, type: "general", conferenceProvider: "jitsi", joinLink: JITSI },
};
const invited = (method: "REQUEST" | "CANCEL", sequence: number): MeetingEvent => ({
  type: "InviteRequested",
  data: { meetingId: MEETING_ID, leadId: LEAD_ID, to: "ada@example.com", method, sequence },
});
const googlePending: MeetingEvent = {
  ...scheduled,
  data: { ...scheduled.data, conferenceProvider: "google", joinLink: null },
} as MeetingEvent;

describe("meeting decider", () => {
  it("schedules a video meeting with its Jitsi link and requests the invite with SEQUENCE 0", () => {
    meeting
      .given([])
      .when(scheduleCommand())
      .thenEvents([scheduled, invited("REQUEST", 0)]);
  });

  it("requests no invite without an attendee", () => {
    meeting
      .given([])
      .when(scheduleCommand({ attendeeEmail: null }))
      .thenEvents([{ ...scheduled, data: { ...scheduled.data, attendeeEmail: null } }]);
  });

  it("keeps in-person meetings without a link and with their location", () => {
    const [event] = meeting
      .given([])
      .when(scheduleCommand({ meetingType: "in-person", location: "Studio 4", conference: { provider: "jitsi", joinLink: JITSI } })).events;
    expect(event).toMatchObject({ type: "MeetingScheduled", data: { location: "Studio 4", joinLink: null, conferenceProvider: null } });
  });

  it("waits for Google before requesting the invite, then sends it with the Meet link", () => {
    meeting
      .given([])
      .when(scheduleCommand({ conference: { provider: "google" } }))
      .thenEvents([googlePending]);
    const recorded = meeting.given([googlePending]).when({
      type: "RecordConference",
      result: { ok: true, provider: "google", joinLink: "https://meet.google.com/abc-defg-hij", calendarEventId: "crm1" },
    }).events;
    expect(recorded).toEqual([
      {
        type: "MeetingConferenceCreated",
        data: {
          meetingId: MEETING_ID,
          leadId: LEAD_ID,
          provider: "google",
          joinLink: "https://meet.google.com/abc-defg-hij",
          calendarEventId: "crm1",
        },
      },
      invited("REQUEST", 0),
    ]);
  });

  it("falls back to the Jitsi link when Google fails, and records a conference only once", () => {
    const failed = meeting
      .given([googlePending])
      .when({ type: "RecordConference", result: { ok: false, error: "403", fallbackLink: JITSI } }).events;
    expect(failed[0]).toMatchObject({ type: "MeetingConferenceFailed", data: { fallbackLink: JITSI } });
    const again = meeting
      .given([googlePending, ...failed])
      .when({ type: "RecordConference", result: { ok: false, error: "403", fallbackLink: JITSI } }).events;
    expect(again).toEqual([]);
  });

  it("reschedules with SEQUENCE + 1 and an updated invite", () => {
    const events = meeting
      .given([scheduled, invited("REQUEST", 0)])
      .when({ type: "RescheduleMeeting", startTime: "2030-02-01T10:00:00.000Z", endTime: "2030-02-01T10:30:00.000Z" }).events;
    expect(events).toEqual([
      {
        type: "MeetingRescheduled",
        data: {
          meetingId: MEETING_ID,
          leadId: LEAD_ID,
          title: "Kick-off",
          startTime: "2030-02-01T10:00:00.000Z",
          endTime: "2030-02-01T10:30:00.000Z",
          sequence: 1,
        },
      },
      invited("REQUEST", 1),
    ]);
  });

  it("does nothing when rescheduled to the same times", () => {
    meeting
      .given([scheduled])
      .when({ type: "RescheduleMeeting", startTime: scheduled.data.startTime as string, endTime: "2030-01-31T15:00:00.000Z" })
      .thenEvents([]);
  });

  it("cancels with a CANCEL at the next SEQUENCE when an invite went out, and only once", () => {
    const events = meeting.given([scheduled, invited("REQUEST", 0)]).when({ type: "CancelMeeting" }).events;
    expect(events).toEqual([
      { type: "MeetingCancelled", data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", sequence: 1 } },
      invited("CANCEL", 1),
    ]);
    meeting
      .given([scheduled, invited("REQUEST", 0), ...events])
      .when({ type: "CancelMeeting" })
      .thenEvents([]);
  });

  it("refuses to reschedule a cancelled meeting and to touch a missing one", () => {
    const cancelled: MeetingEvent = {
      type: "MeetingCancelled",
      data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", sequence: 1 },
    };
    meeting
      .given([scheduled, cancelled])
      .when({ type: "RescheduleMeeting", startTime: "2030-02-01T10:00:00.000Z", endTime: "2030-02-01T11:00:00.000Z" })
      .thenThrows(/cancelled/);
    meeting
      .given([])
      .when({ type: "CancelMeeting" })
      .thenThrows(/not found/);
  });

  it("refuses to schedule the same meeting id twice", () => {
    meeting
      .given([scheduled])
      .when(scheduleCommand())
      .thenThrows(/already exists/);
  });
});
