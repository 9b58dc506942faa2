import type { Meeting } from "@crm/contracts/meeting/meeting";
import { closedLeads, leads } from "@crm/contracts/read-models/leads";
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
  "responses",
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

/** The leads of one director (the leads read model), for a meeting's lead_id to be found in. */
const DIRECTORS_LEADS = (param: string) => `(SELECT id FROM ${leads} WHERE creative_director_id = ${param})`;

/** Every lead of one director, open or closed: a lost or archived client's pages stay theirs to read. */
const DIRECTORS_CLIENTS = (param: string) =>
  `(SELECT id FROM ${leads} WHERE creative_director_id = ${param} UNION ALL SELECT id FROM ${closedLeads} WHERE creative_director_id = ${param})`;

/** Scheduled meetings that end after a moment, soonest first; a Creative Director's (directorId) of their own clients only. */
export async function upcomingMeetings(q: Queryable, after: string, limit: number, directorId?: string): Promise<Meeting[]> {
  const { rows } = await q.query<Meeting>(
    `SELECT ${COLUMNS} FROM ${meetings} WHERE status = 'scheduled' AND end_time > $1
       ${directorId === undefined ? "" : `AND lead_id IN ${DIRECTORS_LEADS("$3")}`}
     ORDER BY start_time, id LIMIT $2`,
    directorId === undefined ? [after, limit] : [after, limit, directorId],
  );
  return rows;
}

export async function getMeeting(q: Queryable, id: string): Promise<Meeting | undefined> {
  const { rows } = await q.query<Meeting>(`SELECT ${COLUMNS} FROM ${meetings} WHERE id = $1`, [id]);
  return rows[0];
}

/** A meeting as a Creative Director asks for it: undefined when unknown, else whether its lead is their client now. */
export async function getMeetingForDirector(
  q: Queryable,
  id: string,
  directorId: string,
): Promise<{ meeting: Meeting; theirs: boolean } | undefined> {
  const { rows } = await q.query<Meeting & { theirs: boolean }>(
    `SELECT ${COLUMNS}, lead_id IN ${DIRECTORS_CLIENTS("$2")} AS theirs FROM ${meetings} WHERE id = $1`,
    [id, directorId],
  );
  if (!rows[0]) return undefined;
  const { theirs, ...meeting } = rows[0];
  return { meeting, theirs };
}

/** The meetings a colleague scheduled that have not been cancelled and ended after a moment, soonest first: their calendar feed. */
export async function meetingsOrganisedBy(q: Queryable, userId: string, endedAfter: string): Promise<Meeting[]> {
  const { rows } = await q.query<Meeting>(
    `SELECT ${COLUMNS} FROM ${meetings} WHERE created_by = $1 AND status = 'scheduled' AND end_time > $2 ORDER BY start_time, id`,
    [userId, endedAfter],
  );
  return rows;
}
