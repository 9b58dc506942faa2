import type { Request, Response } from "express";
import { positioned } from "@crm/contracts/api/command-result";
import { idParam } from "@crm/contracts/api/params";
import { CancelMeetingBody, Meeting, RescheduleMeetingBody, ScheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandMetadata, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { refuseUndeliverable } from "../lead/lead.decider.ts";
import { loadOpenLead, refuseErasedLeadOf } from "../messaging/load-lead.ts";
import { meetingDecider, type ConferencePlan, type MeetingCommand, type MeetingState } from "./meeting.decider.ts";

export interface MeetingDeps extends CommandDeps {
  store: EventStore;
  /** Whether the Google Calendar API is configured (Meet links), else Jitsi. */
  googleMeet: boolean;
  /** A fresh, unguessable Jitsi room link. */
  jitsiLink: () => string;
}

const MeetingIdParam = idParam("Meeting");

function toMeeting(state: Exclude<MeetingState, { status: "none" }>, version: number, updatedAt: string): Meeting {
  return {
    id: state.id,
    leadId: state.leadId,
    title: state.title,
    type: state.type,
    meetingType: state.meetingType,
    startTime: state.startTime,
    endTime: state.endTime,
    location: state.location,
    meetLink: state.joinLink,
    conferenceProvider: state.conferenceProvider,
    calendarEventId: state.calendarEventId,
    notes: state.notes,
    attendeeEmail: state.attendeeEmail,
    status: state.status,
    inviteStatus: state.invited ? "pending" : "none",
    sequence: state.sequence,
    responses: state.responses,
    createdAt: state.createdAt,
    createdBy: state.createdBy,
    updatedAt,
    version,
  };
}

function answer(res: Response, status: number, outcome: CommandOutcome<MeetingState>, at: string) {
  if (outcome.state.status === "none") throw new Error("A meeting command left no meeting");
  res
    .status(status)
    .setHeader("ETag", `"${outcome.version}"`)
    .json({ ...toMeeting(outcome.state, outcome.version, at), position: outcome.position });
}

/** What the meeting commands share: the conference plan and one way to run a meeting command and answer it. */
function setup(deps: MeetingDeps) {
  const plan = (): ConferencePlan => (deps.googleMeet ? { provider: "google" } : { provider: "jitsi", joinLink: deps.jitsiLink() });
  const run = async (req: Request, res: Response, status: number, meetingId: string, command: MeetingCommand, bodyVersion?: number) => {
    const metadata = commandMetadata(req, deps);
    const outcome = await handleCommand(deps.store, meetingStreamId(meetingId), meetingDecider, command, {
      metadata,
      ...(command.type === "ScheduleMeeting" ? {} : expectedVersionOf(req, bodyVersion)),
    });
    answer(res, status, outcome, metadata.at);
  };
  return { store: deps.store, newId: deps.newId, plan, run };
}

/** Scheduling, rescheduling and cancelling meetings. */
export const meetingCommandRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/meetings",
    allow: STAFF,
    tag: "meetings",
    summary: "Schedule a meeting",
    body: ScheduleMeetingBody,
    responses: { 201: positioned(Meeting) },
    handle: async ({ req, res, body }, { store, newId, plan, run }) => {
      const lead = await loadOpenLead(store, body.leadId);
      const attendeeEmail = body.attendeeEmail ?? lead.details.email;
      refuseUndeliverable(lead, attendeeEmail); // the invite would bounce
      const meetingId = newId();
      await run(req, res, 201, meetingId, {
        type: "ScheduleMeeting",
        meetingId,
        leadId: lead.id,
        title: body.title,
        kind: body.type,
        meetingType: body.meetingType,
        location: body.location ?? null,
        startTime: body.startTime,
        endTime: body.endTime,
        notes: body.notes ?? null,
        attendeeEmail,
        conference: body.meetingType === "in-person" ? null : plan(),
      });
    },
  }),
  route({
    method: "PATCH",
    path: "/api/meetings/:id",
    allow: STAFF,
    tag: "meetings",
    summary: "Reschedule a meeting",
    params: MeetingIdParam,
    body: RescheduleMeetingBody,
    responses: { 200: positioned(Meeting) },
    handle: async ({ req, res, params: { id }, body: { expectedVersion, startTime, endTime } }, { store, run }) => {
      await refuseErasedLeadOf(store, meetingStreamId(id)); // a new time sends the attendee an invite
      await run(req, res, 200, id, { type: "RescheduleMeeting", startTime, endTime }, expectedVersion);
    },
  }),
  route({
    method: "POST",
    path: "/api/meetings/:id/cancel",
    allow: STAFF,
    tag: "meetings",
    summary: "Cancel a meeting",
    params: MeetingIdParam,
    body: CancelMeetingBody,
    responses: { 200: positioned(Meeting) },
    handle: async ({ req, res, params: { id }, body: { expectedVersion } }, { store, run }) => {
      await refuseErasedLeadOf(store, meetingStreamId(id)); // a cancellation is a message to the attendee
      await run(req, res, 200, id, { type: "CancelMeeting" }, expectedVersion);
    },
  }),
]);
