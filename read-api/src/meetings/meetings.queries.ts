import type { Meeting } from "@crm/contracts/meeting/meeting";
import { meetings } from "@crm/contracts/read-models/meetings";
import { selectAs } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";

/** A meeting as the API sends it: each column under its API name. */
const COLUMNS = selectAs(meetings.as(), [
  "id",
  "lead_id",
  "title",
  "type",
  "meeting_type",
  "start_time",
  "end_time",
  "location",
  "meet_link",
  "conference_provider",
  "calendar_event_id",
  "notes",
  "attendee_email",
  "status",
  "invite_status",
  "sequence",
  "created_at",
  "created_by",
  "updated_at",
  "version",
]);

/** A lead's meetings, soonest first. */
export async function meetingsOfLead(q: Queryable, leadId: string): Promise<Meeting[]> {
  const { rows } = await q.query<Meeting>(`SELECT ${COLUMNS} FROM ${meetings} WHERE lead_id = $1 ORDER BY start_time, id`, [leadId]);
  return rows;
}

/** Scheduled meetings that end after a moment, soonest first. */
export async function upcomingMeetings(q: Queryable, after: string, limit: number): Promise<Meeting[]> {
  const { rows } = await q.query<Meeting>(
    `SELECT ${COLUMNS} FROM ${meetings} WHERE status = 'scheduled' AND end_time > $1 ORDER BY start_time, id LIMIT $2`,
    [after, limit],
  );
  return rows;
}

export async function getMeeting(q: Queryable, id: string): Promise<Meeting | undefined> {
  const { rows } = await q.query<Meeting>(`SELECT ${COLUMNS} FROM ${meetings} WHERE id = $1`, [id]);
  return rows[0];
}
