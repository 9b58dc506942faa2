import { describe, expect, it } from "vitest";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { leadDecider, refuseUndeliverable, type LeadCommand, type LeadEvent, type LiveLeadState } from "../src/lead/lead.decider.ts";
import { meetingDecider, type MeetingCommand, type MeetingEvent } from "../src/meeting/meeting.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const OTHER_LEAD = "1c7f3b5f-7b62-4d4a-8c2f-3f7f5f1f6b02";
const MEETING_ID = "5d0c6c8e-8d7f-4a43-9d7e-0f3c8a6b2e11";
const INBOUND_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const lead = expectDecision(leadDecider);
const meeting = expectDecision(meetingDecider);

const created: LeadEvent = leadCreatedEvent(LEAD_ID, { email: "Ada@Example.com" });
const bounce = (over: Partial<Extract<LeadCommand, { type: "RecordBounce" }>> = {}): LeadCommand => ({
  type: "RecordBounce",
  leadId: LEAD_ID,
  inboundId: INBOUND_ID,
  recipient: "ada@example.com",
  status: "5.1.1",
  reason: "550 5.1.1 User unknown",
  ...over,
});
const bounced: LeadEvent = {
  type: "LeadEmailBounced",
  data: { leadId: LEAD_ID, address: "Ada@Example.com", status: "5.1.1", reason: "550 5.1.1 User unknown", inboundId: INBOUND_ID },
};

describe("a bounce on the lead", () => {
  it("marks the lead's email when it failed for good, whatever the case of the address", () => {
    lead.given([created]).when(bounce()).thenEvents([bounced]);
  });

  it("records nothing for a delay, another address, a second report, or a lead that is not live", () => {
    lead
      .given([created])
      .when(bounce({ status: "4.4.1" }))
      .thenEvents([]);
    lead
      .given([created])
      .when(bounce({ recipient: "bob@example.com" }))
      .thenEvents([]);
    lead
      .given([created, bounced])
      .when(bounce({ inboundId: LEAD_ID }))
      .thenEvents([]);
    lead.given([]).when(bounce()).thenEvents([]);
    lead
      .given([created, { type: "LeadErased", data: { leadId: LEAD_ID } } as LeadEvent])
      .when(bounce())
      .thenEvents([]);
  });

  it("keeps the mark with its reason until the email is edited, and refuses mail to it meanwhile", () => {
    const marked = lead.given([created, bounced]).state as LiveLeadState;
    expect(marked.emailUndeliverable).toEqual({
      address: "Ada@Example.com",
      status: "5.1.1",
      reason: "550 5.1.1 User unknown",
      at: "2026-11-21T10:00:00.000Z",
    });
    expect(() => refuseUndeliverable(marked, "ada@example.com")).toThrow(
      "Mail to Ada@Example.com bounced (550 5.1.1 User unknown); change the lead's email to send again.",
    );
    expect(() => refuseUndeliverable(marked, "office@example.com")).not.toThrow();

    const renamed = lead.given([created, bounced, { type: "LeadDetailsChanged", data: { leadId: LEAD_ID, changes: { name: "Ada L." } } }])
      .state as LiveLeadState;
    expect(renamed.emailUndeliverable).not.toBeNull();
    const edited = lead.given([
      created,
      bounced,
      { type: "LeadDetailsChanged", data: { leadId: LEAD_ID, changes: { email: "ada@new.test" } } },
    ]).state as LiveLeadState;
    expect(edited.emailUndeliverable).toBeNull();
    expect(() => refuseUndeliverable(edited, "ada@new.test")).not.toThrow();
  });
});

const scheduled: MeetingEvent = {
  type: "MeetingScheduled",
  data: {
    meetingId: MEETING_ID,
    leadId: LEAD_ID,
    title: "Kick-off",
    type: "general",
    meetingType: "in-person",
    location: "Studio",
    startTime: "2030-01-31T14:00:00.000Z",
    endTime: "2030-01-31T15:00:00.000Z",
    notes: null,
    attendeeEmail: "ada@example.com",
    conferenceProvider: null,
    joinLink: null,
  },
};
const moved: MeetingEvent = {
  type: "MeetingRescheduled",
  data: {
    meetingId: MEETING_ID,
    leadId: LEAD_ID,
    title: "Kick-off",
    startTime: "2030-02-01T14:00:00.000Z",
    endTime: "2030-02-01T15:00:00.000Z",
    sequence: 1,
  },
};
const rsvp = (over: Partial<Extract<MeetingCommand, { type: "RecordRsvp" }>> = {}): MeetingCommand => ({
  type: "RecordRsvp",
  leadId: LEAD_ID,
  inboundId: INBOUND_ID,
  attendee: "Ada@Example.com",
  response: "accepted",
  sequence: 0,
  ...over,
});
const answered = (response: "accepted" | "declined" | "tentative"): MeetingEvent => ({
  type: "MeetingRsvpReceived",
  data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", attendee: "ada@example.com", response, inboundId: INBOUND_ID },
});

describe("an RSVP on the meeting", () => {
  it("records the attendee's answer, the latest per attendee", () => {
    meeting
      .given([scheduled])
      .when(rsvp())
      .thenEvents([answered("accepted")]);
    const state = meeting.given([scheduled, answered("accepted"), answered("declined")]).state;
    expect(state.status === "scheduled" && state.responses).toEqual([
      { attendee: "ada@example.com", response: "declined", at: "2026-11-21T10:00:00.000Z" },
    ]);
  });

  it("records nothing for an older SEQUENCE, a cancelled or unknown meeting, another lead, or the same answer again", () => {
    meeting
      .given([scheduled, moved])
      .when(rsvp({ sequence: 0 }))
      .thenEvents([]);
    meeting
      .given([scheduled, moved])
      .when(rsvp({ sequence: 1 }))
      .thenEvents([answered("accepted")]);
    meeting
      .given([scheduled, { type: "MeetingCancelled", data: { meetingId: MEETING_ID, leadId: LEAD_ID, title: "Kick-off", sequence: 1 } }])
      .when(rsvp({ sequence: 1 }))
      .thenEvents([]);
    meeting.given([]).when(rsvp()).thenEvents([]);
    meeting
      .given([scheduled])
      .when(rsvp({ leadId: OTHER_LEAD }))
      .thenEvents([]);
    meeting
      .given([scheduled, answered("accepted")])
      .when(rsvp())
      .thenEvents([]);
  });

  it("starts the answers over when the meeting moves", () => {
    const state = meeting.given([scheduled, answered("accepted"), moved]).state;
    expect(state.status === "scheduled" && state.responses).toEqual([]);
  });
});
