import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import type { MeetingResponse, RsvpResponse } from "@crm/contracts/meeting/answers";
import type { ConferenceProvider, MeetingKind, MeetingType } from "@crm/contracts/meeting/meeting";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const MEETING_EVENT_TYPES = [
  "MeetingScheduled",
  "MeetingConferenceCreated",
  "MeetingConferenceFailed",
  "MeetingRescheduled",
  "MeetingCancelled",
  "InviteRequested",
  "MeetingRsvpReceived",
] as const;
export type MeetingEvent = EventOf<(typeof MEETING_EVENT_TYPES)[number]>;

export interface MeetingDetails {
  id: string;
  leadId: string;
  title: string;
  type: MeetingType;
  meetingType: MeetingKind;
  location: string | null;
  startTime: string;
  endTime: string;
  notes: string | null;
  attendeeEmail: string | null;
  conferenceProvider: ConferenceProvider | null;
  joinLink: string | null;
  calendarEventId: string | null;
  /** iCalendar SEQUENCE: 0 when scheduled, +1 for each reschedule and for the cancellation. */
  sequence: number;
  /** Whether an invite was ever requested, so a cancellation knows to send a CANCEL. */
  invited: boolean;
  /** The attendees' answers (iTIP REPLY), the latest per attendee. */
  responses: MeetingResponse[];
  createdAt: string;
  createdBy: string;
}

export type MeetingState = { status: "none" } | ({ status: "scheduled" | "cancelled" } & MeetingDetails);

/** How the video link is made, chosen by the route from configuration; the decider stays pure. */
export type ConferencePlan = { provider: "jitsi"; joinLink: string } | { provider: "google" } | null;

export type ConferenceResult =
  | { ok: true; provider: ConferenceProvider; joinLink: string; calendarEventId: string | null }
  | { ok: false; error: string; fallbackLink: string };

export type MeetingCommand =
  | {
      type: "ScheduleMeeting";
      meetingId: string;
      leadId: string;
      title: string;
      meetingType: MeetingKind;
      kind: MeetingType;
      location: string | null;
      startTime: string;
      endTime: string;
      notes: string | null;
      attendeeEmail: string | null;
      conference: ConferencePlan;
    }
  | { type: "RecordConference"; result: ConferenceResult }
  | { type: "RescheduleMeeting"; startTime: string; endTime: string }
  | { type: "CancelMeeting" }
  /** An attendee's answer that came in (the inbound reactor), for the SEQUENCE they answered. */
  | { type: "RecordRsvp"; leadId: string; inboundId: string; attendee: string; response: RsvpResponse; sequence: number };

export const initialState: MeetingState = { status: "none" };

export function evolve(state: MeetingState, event: EventEnvelope<MeetingEvent>): MeetingState {
  if (event.type === "MeetingScheduled") {
    const { meetingId, ...d } = event.data;
    return {
      status: "scheduled",
      id: meetingId,
      ...d,
      calendarEventId: null,
      sequence: 0,
      invited: false,
      responses: [],
      createdAt: event.metadata.at,
      createdBy: event.metadata.actor,
    };
  }
  if (state.status === "none") return state;
  switch (event.type) {
    case "MeetingConferenceCreated":
      return {
        ...state,
        conferenceProvider: event.data.provider,
        joinLink: event.data.joinLink,
        calendarEventId: event.data.calendarEventId,
      };
    case "MeetingConferenceFailed":
      return { ...state, conferenceProvider: "jitsi", joinLink: event.data.fallbackLink };
    case "MeetingRescheduled":
      // Answers were to the old time: calendars ask again (RFC 5546), and so the answers start over.
      return { ...state, startTime: event.data.startTime, endTime: event.data.endTime, sequence: event.data.sequence, responses: [] };
    case "MeetingCancelled":
      return { ...state, status: "cancelled", sequence: event.data.sequence };
    case "InviteRequested":
      return { ...state, invited: true };
    case "MeetingRsvpReceived": {
      const { attendee, response } = event.data;
      const others = state.responses.filter((r) => r.attendee !== attendee);
      return { ...state, responses: [...others, { attendee, response, at: event.metadata.at }] };
    }
    default:
      return state; // delivery outcomes recorded on this stream change nothing here
  }
}

/** Whether the invite can go out now: in person, or the video link exists. */
const linkReady = (m: Pick<MeetingDetails, "meetingType" | "joinLink">) => m.meetingType === "in-person" || m.joinLink !== null;

function invite(m: MeetingDetails, method: "REQUEST" | "CANCEL", sequence: number): MeetingEvent[] {
  if (!m.attendeeEmail) return [];
  return [{ type: "InviteRequested", data: { meetingId: m.id, leadId: m.leadId, to: m.attendeeEmail, method, sequence } }];
}

function schedule(command: Extract<MeetingCommand, { type: "ScheduleMeeting" }>, state: MeetingState): MeetingEvent[] {
  if (state.status !== "none") throw new ConflictError("A meeting with this id already exists.");
  const conference = command.meetingType === "in-person" ? null : command.conference;
  const scheduled = {
    meetingId: command.meetingId,
    leadId: command.leadId,
    title: command.title,
    type: command.kind,
    meetingType: command.meetingType,
    location: command.meetingType === "in-person" ? command.location : null,
    startTime: command.startTime,
    endTime: command.endTime,
    notes: command.notes,
    attendeeEmail: command.attendeeEmail,
    conferenceProvider: conference?.provider ?? null,
    joinLink: conference?.provider === "jitsi" ? conference.joinLink : null,
  };
  const details: MeetingDetails = {
    ...scheduled,
    id: command.meetingId,
    calendarEventId: null,
    sequence: 0,
    invited: false,
    responses: [],
    createdAt: "",
    createdBy: "",
  };
  return [{ type: "MeetingScheduled", data: scheduled }, ...(linkReady(details) ? invite(details, "REQUEST", 0) : [])];
}

function recordConference(command: Extract<MeetingCommand, { type: "RecordConference" }>, state: MeetingState): MeetingEvent[] {
  if (state.status === "none") throw new NotFoundError("Meeting");
  if (state.joinLink !== null) return []; // recorded before (a redelivered reactor step)
  const { result } = command;
  const recorded: MeetingEvent = result.ok
    ? {
        type: "MeetingConferenceCreated",
        data: {
          meetingId: state.id,
          leadId: state.leadId,
          provider: result.provider,
          joinLink: result.joinLink,
          calendarEventId: result.calendarEventId,
        },
      }
    : {
        type: "MeetingConferenceFailed",
        data: { meetingId: state.id, leadId: state.leadId, title: state.title, error: result.error, fallbackLink: result.fallbackLink },
      };
  return state.status === "scheduled" ? [recorded, ...invite(state, "REQUEST", state.sequence)] : [recorded];
}

function reschedule(command: Extract<MeetingCommand, { type: "RescheduleMeeting" }>, state: MeetingState): MeetingEvent[] {
  if (state.status === "none") throw new NotFoundError("Meeting");
  if (state.status === "cancelled") throw new ConflictError("This meeting was cancelled; schedule a new one.");
  if (command.startTime === state.startTime && command.endTime === state.endTime) return [];
  const sequence = state.sequence + 1;
  const { startTime, endTime } = command;
  const moved: MeetingEvent = {
    type: "MeetingRescheduled",
    data: { meetingId: state.id, leadId: state.leadId, title: state.title, startTime, endTime, sequence },
  };
  return [moved, ...(linkReady(state) ? invite(state, "REQUEST", sequence) : [])];
}

function cancel(state: MeetingState): MeetingEvent[] {
  if (state.status === "none") throw new NotFoundError("Meeting");
  if (state.status === "cancelled") return [];
  const sequence = state.sequence + 1;
  const cancelled: MeetingEvent = {
    type: "MeetingCancelled",
    data: { meetingId: state.id, leadId: state.leadId, title: state.title, sequence },
  };
  return [cancelled, ...(state.invited ? invite(state, "CANCEL", sequence) : [])];
}

/**
 * An attendee's answer to the invite, recorded unless it cannot count: the meeting is not there or
 * not the lead's (the answer came in for another lead), was cancelled, or was moved since the
 * invite they answered (an older SEQUENCE); an answer they already gave is not recorded twice.
 */
function recordRsvp(command: Extract<MeetingCommand, { type: "RecordRsvp" }>, state: MeetingState): MeetingEvent[] {
  if (state.status !== "scheduled" || state.leadId !== command.leadId || command.sequence < state.sequence) return [];
  const attendee = command.attendee.trim().toLowerCase();
  if (state.responses.some((r) => r.attendee === attendee && r.response === command.response)) return [];
  const { leadId, inboundId, response } = command;
  return [{ type: "MeetingRsvpReceived", data: { meetingId: state.id, leadId, title: state.title, attendee, response, inboundId } }];
}

export const decide = decideBy<MeetingCommand, MeetingState, MeetingEvent>({
  ScheduleMeeting: schedule,
  RecordConference: recordConference,
  RescheduleMeeting: reschedule,
  CancelMeeting: (_command, state) => cancel(state),
  RecordRsvp: recordRsvp,
});

export const meetingDecider: Decider<MeetingCommand, MeetingState, MeetingEvent> = {
  initialState,
  eventTypes: MEETING_EVENT_TYPES,
  evolve,
  decide,
};
