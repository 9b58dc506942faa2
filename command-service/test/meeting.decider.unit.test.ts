import { describe, expect, it } from "vitest";
import { decide, evolve, initialState, type MeetingCommand, type MeetingEvent, type MeetingState } from "../src/meeting/meeting.decider.ts";

const MEETING_ID = "5d0c6c8e-8d7f-4a43-9d7e-0f3c8a6b2e11";
const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const JITSI = "https://meet.jit.si/crm-abcdefghijkmnopqrstu";
const metadata = { actor: "user-1", at: "2030-01-01T09:00:00.000Z", commandId: "c-1", correlationId: "c-1" };

/** given(events) / when(command) / then(events | error) */
const given = (events: MeetingEvent[]): MeetingState => events.map((e) => ({ ...e, metadata }) as Parameters<typeof evolve>[1]).reduce(evolve, initialState);
const when = (state: MeetingState, command: MeetingCommand) => () => decide(command, state);

const scheduleCommand = (overrides: Partial<Extract<MeetingCommand, { type: "ScheduleMeeting" }>> = {}): MeetingCommand => ({
  type: "ScheduleMeeting",
  meetingId: MEETING_ID,
  leadId: LEAD_ID,
  title: "Kick-off",
  kind: "general",
  meetingType: "google-meet",
  location: null,
  startTime: "2030-01-31T14:00:00.000Z",
  endTime: "2030-01-31T15:00:00.000Z",
  notes: null,
  attendeeEmail: "ada@example.com",
  conference: { provider: "jitsi", joinLink: JITSI },
  ...overrides,
});

const scheduled: MeetingEvent = {
  type: "MeetingScheduled",
  data: {
    meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", type: "general", meetingType: "google-meet", location: null,
    startTime: "2030-01-31T14:00:00.000Z", endTime: "2030-01-31T15:00:00.000Z", notes: null, attendeeEmail: "ada@example.com",
    conferenceProvider: "jitsi", joinLink: JITSI,
  },
};
const invited = (method: "REQUEST" | "CANCEL", sequence: number): MeetingEvent => ({
  type: "InviteRequested",
  data: { meetingId: MEETING_ID, leadId: LEAD_ID, to: "ada@example.com", method, sequence },
});
const googlePending: MeetingEvent = { ...scheduled, data: { ...scheduled.data, conferenceProvider: "google", joinLink: null } } as MeetingEvent;

describe("meeting decider", () => {
  it("schedules a video meeting with its Jitsi link and requests the invite with SEQUENCE 0", () => {
    expect(when(given([]), scheduleCommand())()).toEqual([scheduled, invited("REQUEST", 0)]);
  });

  it("requests no invite without an attendee", () => {
    expect(when(given([]), scheduleCommand({ attendeeEmail: null }))()).toEqual([{ ...scheduled, data: { ...scheduled.data, attendeeEmail: null } }]);
  });

  it("keeps in-person meetings without a link and with their location", () => {
    const [event] = when(given([]), scheduleCommand({ meetingType: "in-person", location: "Studio 4", conference: { provider: "jitsi", joinLink: JITSI } }))();
    expect(event).toMatchObject({ type: "MeetingScheduled", data: { location: "Studio 4", joinLink: null, conferenceProvider: null } });
  });

  it("waits for Google before requesting the invite, then sends it with the Meet link", () => {
    expect(when(given([]), scheduleCommand({ conference: { provider: "google" } }))()).toEqual([googlePending]);
    const recorded = when(given([googlePending]), {
      type: "RecordConference",
      result: { ok: true, provider: "google", joinLink: "https://meet.google.com/abc-defg-hij", calendarEventId: "crm1" },
    })();
    expect(recorded).toEqual([
      { type: "MeetingConferenceCreated", data: { meetingId: MEETING_ID, leadId: LEAD_ID, provider: "google", joinLink: "https://meet.google.com/abc-defg-hij", calendarEventId: "crm1" } },
      invited("REQUEST", 0),
    ]);
  });

  it("falls back to the Jitsi link when Google fails, and records a conference only once", () => {
    const failed = when(given([googlePending]), { type: "RecordConference", result: { ok: false, error: "403", fallbackLink: JITSI } })();
    expect(failed[0]).toMatchObject({ type: "MeetingConferenceFailed", data: { fallbackLink: JITSI } });
    const again = when(given([googlePending, ...failed]), { type: "RecordConference", result: { ok: false, error: "403", fallbackLink: JITSI } })();
    expect(again).toEqual([]);
  });

  it("reschedules with SEQUENCE + 1 and an updated invite", () => {
    const events = when(given([scheduled, invited("REQUEST", 0)]), { type: "RescheduleMeeting", startTime: "2030-02-01T10:00:00.000Z", endTime: "2030-02-01T10:30:00.000Z" })();
    expect(events).toEqual([
      { type: "MeetingRescheduled", data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", startTime: "2030-02-01T10:00:00.000Z", endTime: "2030-02-01T10:30:00.000Z", sequence: 1 } },
      invited("REQUEST", 1),
    ]);
  });

  it("does nothing when rescheduled to the same times", () => {
    expect(when(given([scheduled]), { type: "RescheduleMeeting", startTime: scheduled.data.startTime as string, endTime: "2030-01-31T15:00:00.000Z" })()).toEqual([]);
  });

  it("cancels with a CANCEL at the next SEQUENCE when an invite went out, and only once", () => {
    const events = when(given([scheduled, invited("REQUEST", 0)]), { type: "CancelMeeting" })();
    expect(events).toEqual([{ type: "MeetingCancelled", data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", sequence: 1 } }, invited("CANCEL", 1)]);
    expect(when(given([scheduled, invited("REQUEST", 0), ...events]), { type: "CancelMeeting" })()).toEqual([]);
  });

  it("refuses to reschedule a cancelled meeting and to touch a missing one", () => {
    const cancelled: MeetingEvent = { type: "MeetingCancelled", data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", sequence: 1 } };
    expect(when(given([scheduled, cancelled]), { type: "RescheduleMeeting", startTime: "2030-02-01T10:00:00.000Z", endTime: "2030-02-01T11:00:00.000Z" })).toThrow(/cancelled/);
    expect(when(given([]), { type: "CancelMeeting" })).toThrow(/not found/);
  });

  it("refuses to schedule the same meeting id twice", () => {
    expect(when(given([scheduled]), scheduleCommand())).toThrow(/already exists/);
  });
});
