import { Router, type Response } from "express";
import { z } from "zod";
import { CancelMeetingBody, RescheduleMeetingBody, ScheduleMeetingBody, type Meeting } from "@crm/contracts/meeting/meeting";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandMetadata, expectedVersionOf, type CommandDeps } from "../core/command-context.ts";
import { loadOpenLead, refuseErasedLeadOf } from "../messaging/load-lead.ts";
import { meetingDecider, type ConferencePlan, type MeetingState } from "./meeting.decider.ts";

export interface MeetingDeps extends CommandDeps {
  store: EventStore;
  /** Whether the Google Calendar API is configured (Meet links), else Jitsi. */
  googleMeet: boolean;
  /** A fresh, unguessable Jitsi room link. */
  jitsiLink: () => string;
}

const MeetingId = z.object({ id: z.uuid("Meeting ids are UUIDs") });

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
    createdAt: state.createdAt,
    createdBy: state.createdBy,
    updatedAt,
    version,
  };
}

function answer(res: Response, status: number, outcome: CommandOutcome<MeetingState>, at: string) {
  if (outcome.state.status === "none") throw new Error("A meeting command left no meeting");
  res.status(status).setHeader("ETag", `"${outcome.version}"`).json({ ...toMeeting(outcome.state, outcome.version, at), position: outcome.position });
}

/** POST /api/meetings, PATCH /api/meetings/:id (reschedule) and POST /api/meetings/:id/cancel. */
export function meetingCommandRoutes(deps: MeetingDeps): Router {
  const router = Router();
  const plan = (): ConferencePlan => (deps.googleMeet ? { provider: "google" } : { provider: "jitsi", joinLink: deps.jitsiLink() });

  router.post("/api/meetings", async (req, res) => {
    const body = parseOr400(ScheduleMeetingBody, req.body);
    const lead = await loadOpenLead(deps.store, body.leadId);
    const meetingId = deps.newId();
    const metadata = commandMetadata(req, deps);
    const command = {
      type: "ScheduleMeeting" as const,
      meetingId,
      leadId: lead.id,
      title: body.title,
      kind: body.type,
      meetingType: body.meetingType,
      location: body.location ?? null,
      startTime: body.startTime,
      endTime: body.endTime,
      notes: body.notes ?? null,
      attendeeEmail: body.attendeeEmail ?? lead.details.email,
      conference: body.meetingType === "in-person" ? null : plan(),
    };
    const outcome = await handleCommand(deps.store, meetingStreamId(meetingId), meetingDecider, command, { metadata });
    answer(res, 201, outcome, metadata.at);
  });

  router.patch("/api/meetings/:id", async (req, res) => {
    const { id } = parseOr400(MeetingId, req.params, "id");
    const { expectedVersion, startTime, endTime } = parseOr400(RescheduleMeetingBody, req.body);
    await refuseErasedLeadOf(deps.store, meetingStreamId(id)); // a new time sends the attendee an invite
    const metadata = commandMetadata(req, deps);
    const outcome = await handleCommand(deps.store, meetingStreamId(id), meetingDecider, { type: "RescheduleMeeting", startTime, endTime }, {
      metadata,
      ...expectedVersionOf(req, expectedVersion),
    });
    answer(res, 200, outcome, metadata.at);
  });

  router.post("/api/meetings/:id/cancel", async (req, res) => {
    const { id } = parseOr400(MeetingId, req.params, "id");
    const { expectedVersion } = parseOr400(CancelMeetingBody, req.body ?? {});
    await refuseErasedLeadOf(deps.store, meetingStreamId(id)); // a cancellation is a message to the attendee
    const metadata = commandMetadata(req, deps);
    const outcome = await handleCommand(deps.store, meetingStreamId(id), meetingDecider, { type: "CancelMeeting" }, {
      metadata,
      ...expectedVersionOf(req, expectedVersion),
    });
    answer(res, 200, outcome, metadata.at);
  });

  return router;
}
