import type { RecordedEvent } from "@crm/contracts/events/registry";
import { meetingIdOfStream } from "@crm/contracts/meeting/stream";
import { describeMessagingEvent } from "@crm/contracts/messaging/describe";
import { MEETINGS_TABLES, meetings, type MeetingRow } from "@crm/contracts/read-models/meetings";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { upsertRows } from "../sql.ts";

const COLUMNS = sqlTypes(meetings);

const DDL = `
  ${createTableSql(meetings)}
  CREATE INDEX meetings_lead ON meetings (lead_id, start_time);
`;

function scheduled(event: RecordedEvent & { type: "MeetingScheduled" }): MeetingRow {
  const d = event.data;
  const at = event.metadata.at;
  return {
    id: d.meetingId,
    lead_id: d.leadId,
    title: d.title,
    type: d.type,
    meeting_type: d.meetingType,
    location: d.location,
    start_time: d.startTime,
    end_time: d.endTime,
    meet_link: d.joinLink,
    conference_provider: d.conferenceProvider,
    calendar_event_id: null,
    notes: d.notes,
    attendee_email: d.attendeeEmail,
    status: "scheduled",
    invite_status: "none",
    sequence: 0,
    responses: [],
    created_at: at,
    created_by: event.metadata.actor,
    updated_at: at,
    version: event.streamVersion,
  };
}

function changes(event: RecordedEvent, row: MeetingRow): Partial<MeetingRow> | undefined {
  switch (event.type) {
    case "MeetingRsvpReceived": {
      const { attendee, response } = event.data;
      return { responses: [...row.responses.filter((r) => r.attendee !== attendee), { attendee, response, at: event.metadata.at }] };
    }
    case "MeetingConferenceCreated":
      return { meet_link: event.data.joinLink, conference_provider: event.data.provider, calendar_event_id: event.data.calendarEventId };
    case "MeetingConferenceFailed":
      return { meet_link: event.data.fallbackLink, conference_provider: "jitsi" };
    case "MeetingRescheduled":
      // Answers were to the old time: they start over, as in the meeting's state.
      return { start_time: event.data.startTime, end_time: event.data.endTime, sequence: event.data.sequence, responses: [] };
    case "MeetingCancelled":
      return { status: "cancelled", sequence: event.data.sequence };
    case "InviteRequested":
      return { invite_status: "pending" };
    case "EmailSent":
      return { invite_status: "sent" };
    case "EmailFailed":
      return { invite_status: "failed" };
    default:
      return undefined;
  }
}

/** A lead's meetings go with the lead (docs/product.md, "Leads and the pipeline", Archive) (archived leads leave the read models; their events stay). */
async function dropArchivedLeads(tx: Queryable, events: readonly RecordedEvent[]) {
  const archived = events.flatMap((e) => (e.type === "LeadArchived" ? [e.data.leadId] : []));
  if (archived.length > 0) await tx.query(`DELETE FROM ${meetings} WHERE lead_id = ANY($1::uuid[])`, [archived]);
}

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  await upsertMeetings(tx, events);
  await dropArchivedLeads(tx, events);
}

async function upsertMeetings(tx: Queryable, events: readonly RecordedEvent[]) {
  const ids = [...new Set(events.map((e) => meetingIdOfStream(e.streamId)).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return;
  const { rows } = await tx.query<MeetingRow>(`SELECT ${Object.keys(COLUMNS).join(", ")} FROM ${meetings} WHERE id = ANY($1::uuid[])`, [
    ids,
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const touched = new Set<string>();
  for (const event of events) {
    const id = meetingIdOfStream(event.streamId);
    if (!id) continue;
    const row = event.type === "MeetingScheduled" ? scheduled(event) : byId.get(id);
    const change = event.type === "MeetingScheduled" || !row ? {} : changes(event, row);
    if (!row || !change) continue;
    byId.set(id, { ...row, ...change, updated_at: event.metadata.at, version: event.streamVersion });
    touched.add(id);
  }
  await upsertRows(
    tx,
    meetings.name,
    COLUMNS,
    "id",
    [...touched].map((id) => byId.get(id)!),
  );
}

export const meetingsProjection: Projection = {
  name: "meetings",
  // v3 (issue 33): the attendees' answers (responses), which the Meeting answer requires.
  version: 3,
  tables: MEETINGS_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: "CREATE INDEX meetings_upcoming ON meetings (start_time) WHERE status = 'scheduled';",
  apply,
  topics(events) {
    // The timeline entries of meetings and messages belong to their lead: name its activity topics too.
    const leads = new Set(events.map((e) => describeMessagingEvent(e)?.leadId).filter((id) => id !== undefined));
    const meetingLeads = new Set(
      events
        .filter((e) => meetingIdOfStream(e.streamId))
        .map((e) => (e.data as { leadId?: string }).leadId)
        .filter((id) => id !== undefined),
    );
    if (leads.size === 0 && meetingLeads.size === 0) return [];
    return [
      ...(meetingLeads.size > 0 ? ["meetings", ...[...meetingLeads].map((id) => `meetings:${id}`)] : []),
      ...(leads.size > 0 ? ["activities", ...[...leads].map((id) => `activities:${id}`)] : []),
    ];
  },
};
