import type { MeetingResponse } from "../meeting/answers.ts";
import { integer, jsonb, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/** One row per meeting: what the lead page's Meetings card reads. */
export const meetings = table("meetings", {
  id: uuid().primaryKey(),
  lead_id: uuid(),
  title: text(),
  type: text(),
  meeting_type: text(),
  location: text().nullable(),
  start_time: timestamptz(),
  end_time: timestamptz(),
  meet_link: text().nullable(),
  conference_provider: text().nullable(),
  calendar_event_id: text().nullable(),
  notes: text().nullable(),
  attendee_email: text().nullable(),
  status: text(),
  invite_status: text(),
  sequence: integer(),
  /** The attendees' answers to the invite (issue 33), the latest per attendee; emptied by a reschedule. */
  responses: jsonb().default("'[]'::jsonb").as<MeetingResponse[]>(),
  created_at: timestamptz(),
  created_by: text(),
  updated_at: timestamptz(),
  version: integer(),
});

export type MeetingRow = RowOf<typeof meetings>;

/** The tables of the meetings read model. */
export const MEETINGS_TABLES = [meetings] as const;
