import type { RecordedEvent } from "@crm/contracts/events/registry";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { GoogleApiError, type GoogleCalendar } from "@crm/infra/calendar/google-calendar";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Reactor } from "@crm/infra/reactor/reactor-runner";
import { reasonOf, withRetry, type RetryPolicy } from "@crm/infra/reactor/retry";
import { meetingDecider, type ConferenceResult, type MeetingDetails, type MeetingState } from "../meeting/meeting.decider.ts";
import { handleCommand } from "../core/command-handler.ts";
import { foldRecorded } from "../core/decider.ts";
import { alreadyDone, reactorMetadata } from "./record-outcome.ts";

export interface CalendarReactorDeps {
  store: EventStore;
  google: GoogleCalendar;
  jitsiLink: () => string;
  now: () => Date;
  retry: RetryPolicy;
  log: (message: string, error?: unknown) => void;
}

const isPermanent = (error: unknown) => error instanceof GoogleApiError && error.permanent;

async function currentMeeting(store: EventStore, meetingId: string): Promise<MeetingState> {
  const history = await store.readStream(meetingStreamId(meetingId));
  return foldRecorded(meetingDecider, history);
}

const describe = (m: MeetingDetails) => [m.notes ?? "", `Scheduled from the agency CRM (meeting ${m.id}).`].filter(Boolean).join("\n\n");

/**
 * Google Meet for video meetings when the Calendar API is configured: creates the calendar event
 * with a Meet (then the decider requests the invite), and keeps its time and cancellation in step.
 */
export function calendarReactor(deps: CalendarReactorDeps): Reactor {
  async function create(event: RecordedEvent & { type: "MeetingScheduled" }) {
    if (await alreadyDone(deps.store, "conference", event)) return;
    const meeting = await currentMeeting(deps.store, event.data.meetingId);
    if (meeting.status === "none" || meeting.joinLink !== null) return;
    const spec = { meetingId: meeting.id, summary: meeting.title, description: describe(meeting), start: meeting.startTime, end: meeting.endTime };
    const attempt = await withRetry(() => deps.google.createMeetEvent(spec), deps.retry, isPermanent);
    const result: ConferenceResult = attempt.ok
      ? { ok: true, provider: "google", joinLink: attempt.value.joinLink, calendarEventId: attempt.value.calendarEventId }
      : { ok: false, error: reasonOf(attempt.error), fallbackLink: deps.jitsiLink() };
    await handleCommand(deps.store, event.streamId, meetingDecider, { type: "RecordConference", result }, { metadata: reactorMetadata("conference", event, deps.now) });
  }

  /** Moves or deletes the Google event to match the meeting now: idempotent, so no outcome event is needed. */
  async function sync(meetingId: string) {
    const meeting = await currentMeeting(deps.store, meetingId);
    if (meeting.status === "none" || !meeting.calendarEventId) return;
    const id = meeting.calendarEventId;
    const run = meeting.status === "cancelled" ? () => deps.google.cancelEvent(id) : () => deps.google.moveEvent(id, meeting.startTime, meeting.endTime);
    const attempt = await withRetry(run, deps.retry, isPermanent);
    if (!attempt.ok) deps.log(`calendar: could not update Google event ${id}`, attempt.error);
  }

  return {
    name: "calendar",
    types: ["MeetingScheduled", "MeetingRescheduled", "MeetingCancelled"],
    handles: (event) =>
      (event.type === "MeetingScheduled" && event.data.conferenceProvider === "google" && event.data.joinLink === null) ||
      event.type === "MeetingRescheduled" ||
      event.type === "MeetingCancelled",
    async handle(event) {
      if (event.type === "MeetingScheduled") return create(event);
      if (event.type === "MeetingRescheduled" || event.type === "MeetingCancelled") return sync(event.data.meetingId);
    },
  };
}
