import { randomUUID } from "node:crypto";
import type { DomainEvent, RecordedEvent } from "@crm/contracts/events/registry";
import { fileStreamId, submissionStreamId, taskStreamId } from "@crm/contracts/creative/stream";
import { CHART_WEEKS } from "@crm/contracts/lead/answers";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { emptyAnswers } from "@crm/contracts/questionnaire/fields";
import { questionnaireStreamId } from "@crm/contracts/questionnaire/stream";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { recentWeeks } from "@crm/contracts/time/date-time";
import { userStreamId } from "@crm/contracts/user/stream";
import type { NamedStatement, Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { sqlLeadLookups } from "@crm/command-service/lead/lead-lookups";
import * as activitiesQueries from "@crm/read-api/activities/activities.queries";
import * as auditQueries from "@crm/read-api/audit/workbench.queries";
import * as creativeQueries from "@crm/read-api/creative/creative.queries";
import * as historyQueries from "@crm/read-api/history/history.queries";
import * as inboundQueries from "@crm/read-api/inbound/inbound.queries";
import { inboundStreamOf } from "@crm/command-service/inbound/inbound-lookup";
import { inboundStreamId } from "@crm/contracts/inbound/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import { inboundReceivedEvent } from "@crm/contracts/testing/inbound-events";
import * as leadsQueries from "@crm/read-api/leads/leads.queries";
import { noticeFor } from "@crm/read-api/live/notice-scope";
import * as meetingsQueries from "@crm/read-api/meetings/meetings.queries";
import * as onboardingQueries from "@crm/read-api/onboarding/onboarding.queries";
import * as questionnaireQueries from "@crm/read-api/questionnaire/questionnaire.queries";
import * as usersQueries from "@crm/read-api/users/users.queries";

/** A statement as it reached the database, and who sent it. */
export interface Sent {
  source: string;
  text: string;
}

/** The database as `source` uses it, every statement noted in `sent` on its way. */
export function recording(db: Queryable, source: string, sent: Sent[]): Queryable {
  const text = (sql: string | NamedStatement) => (typeof sql === "string" ? sql : sql.text);
  return {
    query(sql, params) {
      sent.push({ source, text: text(sql) });
      return db.query(sql, params);
    },
    exec(sql) {
      sent.push({ source, text: sql });
      return db.exec(sql);
    },
  };
}

/** The query modules of the read API whose every exported function is a case below (or sends nothing). */
export const QUERY_MODULES = {
  activities: activitiesQueries,
  audit: auditQueries,
  creative: creativeQueries,
  history: historyQueries,
  inbound: inboundQueries,
  leads: leadsQueries,
  meetings: meetingsQueries,
  onboarding: onboardingQueries,
  questionnaire: questionnaireQueries,
  users: usersQueries,
} as const;

/** Exported functions of the query modules that send no SQL. */
export const SENDS_NOTHING = new Set(["leads.escapeLike", "leads.stageDefaults"]);

export const SAMPLE = { lead: randomUUID(), other: randomUUID(), user: randomUUID(), meeting: randomUUID() } as const;

type Case = (q: Queryable, store: EventStore) => Promise<unknown>;

/** Every read of a read model the read API and the command service make, in each of its shapes. */
export const READ_CASES: Record<string, Case> = {
  "activities.usersTableExists": (q) => activitiesQueries.usersTableExists(q),
  "activities.recentActivities": (q) => activitiesQueries.recentActivities(q, true, 5),
  "activities.recentActivities (director)": (q) => activitiesQueries.recentActivities(q, true, 5, SAMPLE.user),
  "activities.recentActivities (no users table)": (q) => activitiesQueries.recentActivities(q, false, 5, SAMPLE.user),
  "activities.activitiesOfLead": (q) => activitiesQueries.activitiesOfLead(q, true, SAMPLE.lead, 5),
  "activities.activitiesOfLead (no users table)": (q) => activitiesQueries.activitiesOfLead(q, false, SAMPLE.lead, 5),
  "audit.auditEventPage": (q) => auditQueries.auditEventPage(q, {}, undefined, 5),
  "audit.auditEventPage (filtered, paged)": (q) =>
    auditQueries.auditEventPage(
      q,
      {
        actor: SAMPLE.user,
        type: "LeadCreated",
        entity: `lead-${SAMPLE.lead}`,
        from: new Date(0).toISOString(),
        to: new Date().toISOString(),
        q: "a%",
      },
      1,
      5,
    ),
  "creative.listSubmissions": (q) => creativeQueries.listSubmissions(q, { leadId: SAMPLE.lead, directorId: SAMPLE.user }),
  "creative.listTasks": (q) => creativeQueries.listTasks(q, { directorId: null }),
  "creative.listClients": (q) => creativeQueries.listClients(q, SAMPLE.user),
  "creative.directorOfLead": (q) => creativeQueries.directorOfLead(q, SAMPLE.lead),
  "creative.findFile": (q) => creativeQueries.findFile(q, SAMPLE.lead),
  "history.leadStreams": (q) => historyQueries.leadStreams(q, SAMPLE.lead),
  "history.readLeadEvents": (q, store) => historyQueries.readLeadEvents(q, store, SAMPLE.lead),
  "history.actorNames": (q) => historyQueries.actorNames(q, [SAMPLE.user, "system"]),
  "leads.listLeadsJson": (q) =>
    leadsQueries.listLeadsJson(q, { search: "a", stage: "New Lead", priority: "high", creativeDirectorId: SAMPLE.user, owner: "u" }),
  "leads.boardJson": (q) => leadsQueries.boardJson(q, {}, [10, 10], [10, 20]),
  "leads.boardJson (filtered)": (q) => leadsQueries.boardJson(q, { search: "a", owner: "u" }, [10, 10], [10, 20]),
  "leads.closedLeadsJson": (q) => leadsQueries.closedLeadsJson(q, "lost"),
  "leads.closedLeadsJson (searched)": (q) => leadsQueries.closedLeadsJson(q, "archived", "a"),
  "leads.listLeads": (q) => leadsQueries.listLeads(q),
  "leads.getLead": (q) => leadsQueries.getLead(q, SAMPLE.lead),
  "leads.getStats": (q) => leadsQueries.getStats(q),
  "leads.getStats (director)": (q) => leadsQueries.getStats(q, SAMPLE.user),
  "leads.getPipelineCharts": (q) => leadsQueries.getPipelineCharts(q, recentWeeks(new Date(), "Europe/Berlin", CHART_WEEKS)),
  "meetings.meetingsOfLead": (q) => meetingsQueries.meetingsOfLead(q, SAMPLE.lead),
  "meetings.upcomingMeetings": (q) => meetingsQueries.upcomingMeetings(q, new Date(0).toISOString(), 5),
  "meetings.upcomingMeetings (director)": (q) => meetingsQueries.upcomingMeetings(q, new Date(0).toISOString(), 5, SAMPLE.user),
  "meetings.getMeeting": (q) => meetingsQueries.getMeeting(q, SAMPLE.meeting),
  "meetings.getMeetingForDirector": (q) => meetingsQueries.getMeetingForDirector(q, SAMPLE.meeting, SAMPLE.user),
  "meetings.meetingsOrganisedBy": (q) => meetingsQueries.meetingsOrganisedBy(q, SAMPLE.user, new Date(0).toISOString()),
  "onboarding.recentOnboardingActivities": (q) => onboardingQueries.recentOnboardingActivities(q, undefined, 5),
  "onboarding.recentOnboardingActivities (lead)": (q) => onboardingQueries.recentOnboardingActivities(q, SAMPLE.lead, 5),
  "questionnaire.getResponse": (q) => questionnaireQueries.getResponse(q, SAMPLE.lead),
  "questionnaire.getResponse (version)": (q) => questionnaireQueries.getResponse(q, SAMPLE.lead, 1),
  "questionnaire.listVersions": (q) => questionnaireQueries.listVersions(q, SAMPLE.lead),
  "users.listApprovedUsers": (q) => usersQueries.listApprovedUsers(q, "Partner"),
  "users.listPendingUsers": (q) => usersQueries.listPendingUsers(q),
  "users.listTeam": (q) => usersQueries.listTeam(q),
  "live.noticeFor": (q) =>
    noticeFor(q)({ position: "1", passed: "1", topics: [`lead:${SAMPLE.lead}`] }, { userId: SAMPLE.user, role: "Creative Director" }),
  "command lookups.isCreativeDirector": (q, store) => sqlLeadLookups(q, store).isCreativeDirector(SAMPLE.user),
  "command lookups.isOwnerCandidate": (q, store) => sqlLeadLookups(q, store).isOwnerCandidate(SAMPLE.user),
  "command lookups.leadIdsByEmail": (q, store) => sqlLeadLookups(q, store).leadIdsByEmail(["ada@example.com"]),
  "command lookups.colleagues": (q, store) => sqlLeadLookups(q, store).colleagues(),
  "inbound.unmatchedMessages": (q) => inboundQueries.unmatchedMessages(q, 5),
  "inbound.conversationOfLead": (q) => inboundQueries.conversationOfLead(q, SAMPLE.lead, "crm@example.com"),
  "inbound.inboundAttachment": (q) => inboundQueries.inboundAttachment(q, SAMPLE.meeting, SAMPLE.user),
  "command lookups.inboundStreamOf": (q) => inboundStreamOf(q, SAMPLE.meeting),
};

let position = 0;

/** A recorded event as the projector receives it, at the next position of the log. */
function recorded(streamId: string, streamVersion: number, event: DomainEvent, actor = "system"): RecordedEvent {
  position += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, position)).toISOString();
  return {
    ...event,
    eventId: randomUUID(),
    streamId,
    streamVersion,
    position: String(position).padStart(20, "0"),
    schemaVersion: 1,
    metadata: { actor, at, commandId: randomUUID(), correlationId: randomUUID() },
  } as RecordedEvent;
}

const CHECKSUM = "0".repeat(64);

/** Batches that take every projection through each statement it sends: loads, neighbours, upserts, deletions. */
export function sampleBatches(): RecordedEvent[][] {
  const { lead, other, user, meeting } = SAMPLE;
  const [submission, task] = [randomUUID(), randomUUID()];
  const file = {
    fileId: randomUUID(),
    key: `leads/${lead}/f`,
    name: "f.png",
    size: 3,
    contentType: "image/png" as const,
    checksum: CHECKSUM,
  };
  const first = [
    recorded(leadStreamId(lead), 1, leadCreatedEvent(lead, { stage: "Contract Signed" })),
    recorded(leadStreamId(other), 1, leadCreatedEvent(other, { email: "b@example.com" })),
    recorded(userStreamId(user), 1, {
      type: "AccessRequested",
      data: { userId: user, email: "d@example.com", displayName: "D", role: "Creative Director" },
    }),
  ];
  const second = [
    recorded(leadStreamId(lead), 2, { type: "CreativeDirectorAssigned", data: { leadId: lead, creativeDirectorId: user } }),
    recorded(leadStreamId(lead), 3, stageChangedEvent(lead, "Contract Signed", "New Lead", { afterId: other })),
    recorded(leadStreamId(other), 2, { type: "LeadDetailsChanged", data: { leadId: other, changes: { notes: "n" } } }),
    recorded(userStreamId(user), 2, { type: "UserApproved", data: { userId: user, approvedBy: null } }),
    recorded(meetingStreamId(meeting), 1, {
      type: "MeetingScheduled",
      data: {
        meetingId: meeting,
        leadId: lead,
        title: "Kick-off",
        type: "general",
        meetingType: "in-person",
        location: null,
        startTime: "2026-02-01T10:00:00.000Z",
        endTime: "2026-02-01T11:00:00.000Z",
        notes: null,
        attendeeEmail: null,
        conferenceProvider: null,
        joinLink: null,
      },
    }),
    recorded(
      questionnaireStreamId(lead),
      1,
      { type: "QuestionnaireSubmitted", data: { responseId: randomUUID(), leadId: lead, version: 1, answers: emptyAnswers() } },
      "public",
    ),
    recorded(fileStreamId(file.fileId), 1, { type: "FileUploaded", data: { ...file, leadId: lead, purpose: "photo" } }),
    recorded(submissionStreamId(submission), 1, {
      type: "ContentSubmitted",
      data: {
        submissionId: submission,
        leadId: lead,
        creativeDirectorId: user,
        type: "photo",
        title: "T",
        description: null,
        caption: null,
        file,
      },
    }),
    recorded(taskStreamId(task), 1, {
      type: "TaskCreated",
      data: {
        taskId: task,
        leadId: lead,
        creativeDirectorId: user,
        title: "T",
        description: "D",
        priority: "low",
        dueDate: null,
        notes: null,
        attachments: [file],
      },
    }),
  ];
  const [reply, loose, mail] = [randomUUID(), randomUUID(), randomUUID()];
  second.push(
    recorded(inboundStreamId(reply.replace(/-/g, "")), 1, inboundReceivedEvent(lead, { inboundId: reply })),
    recorded(inboundStreamId(loose.replace(/-/g, "")), 1, inboundReceivedEvent(null, { inboundId: loose })),
    recorded(messageStreamId(mail), 1, {
      type: "EmailRequested",
      data: {
        messageId: mail,
        leadId: lead,
        kind: "message",
        formType: null,
        to: "a@example.com",
        subject: "S",
        html: "<p>T</p>",
        text: "T",
      },
    }),
    recorded(messageStreamId(mail), 2, {
      type: "EmailSent",
      data: {
        requestId: randomUUID(),
        leadId: lead,
        kind: "message",
        to: "a@example.com",
        subject: "S",
        transport: "outbox",
        providerMessageId: null,
        attempts: 1,
      },
    }),
  );
  const third = [
    // Issue 33: a bounce marks the lead's email, an edit of it clears the mark; an RSVP answers the meeting.
    recorded(leadStreamId(lead), 4, {
      type: "LeadEmailBounced",
      data: { leadId: lead, address: "a@example.com", status: "5.1.1", reason: "550 5.1.1 User unknown", inboundId: reply },
    }),
    recorded(leadStreamId(lead), 5, { type: "LeadDetailsChanged", data: { leadId: lead, changes: { email: "a2@example.com" } } }),
    recorded(meetingStreamId(meeting), 2, {
      type: "MeetingRsvpReceived",
      data: { meetingId: meeting, leadId: lead, title: "Kick-off", attendee: "a@example.com", response: "accepted", inboundId: reply },
    }),
    recorded(inboundStreamId(loose.replace(/-/g, "")), 2, { type: "InboundEmailAssigned", data: { inboundId: loose, leadId: other } }),
    recorded(leadStreamId(other), 3, { type: "LeadArchived", data: { leadId: other, name: "Ada", business: "Lovelace Co", reason: null } }),
  ];
  return [first, second, third];
}
