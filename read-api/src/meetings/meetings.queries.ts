import type { Meeting } from "@crm/contracts/meeting/meeting";
import type { Queryable } from "@crm/infra/db/database";

const COLUMNS = `id, lead_id AS "leadId", title, type, meeting_type AS "meetingType", start_time AS "startTime",
  end_time AS "endTime", location, meet_link AS "meetLink", conference_provider AS "conferenceProvider",
  calendar_event_id AS "calendarEventId", notes, attendee_email AS "attendeeEmail", status,
  invite_status AS "inviteStatus", sequence, created_at AS "createdAt", created_by AS "createdBy",
  updated_at AS "updatedAt", version`;

/** A lead's meetings, soonest first. */
export async function meetingsOfLead(q: Queryable, leadId: string): Promise<Meeting[]> {
  const { rows } = await q.query<Meeting>(`SELECT ${COLUMNS} FROM meetings WHERE lead_id = $1 ORDER BY start_time, id`, [leadId]);
  return rows;
}

/** Scheduled meetings that end after a moment, soonest first. */
export async function upcomingMeetings(q: Queryable, after: string, limit: number): Promise<Meeting[]> {
  const { rows } = await q.query<Meeting>(
    `SELECT ${COLUMNS} FROM meetings WHERE status = 'scheduled' AND end_time > $1 ORDER BY start_time, id LIMIT $2`,
    [after, limit],
  );
  return rows;
}

export async function getMeeting(q: Queryable, id: string): Promise<Meeting | undefined> {
  const { rows } = await q.query<Meeting>(`SELECT ${COLUMNS} FROM meetings WHERE id = $1`, [id]);
  return rows[0];
}
