import { table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/**
 * A timeline entry: one row per event that reads as an activity, keyed by the event id. The key
 * on id is added once a rebuild has filled the table (projector/src/activities), so the column
 * declares none. position compares byte by byte (COLLATE "C"): fixed-width digits.
 */
const timelineColumns = {
  id: uuid(),
  lead_id: uuid(),
  type: text(),
  title: text(),
  description: text().nullable(),
  /** The instant the entry is about (a meeting's start): each reader's formatter says it in their zone. */
  at: timestamptz().nullable(),
  /** A logged activity's follow-up date, YYYY-MM-DD. */
  follow_up_on: text().nullable(),
  created_at: timestamptz(),
  created_by: text(),
  position: text().collate("C"),
} as const;

export const activities = table("activities", timelineColumns);

/** Leads archived so far: entries that arrive later for them are dropped. */
export const activitiesArchivedLeads = table("activities_archived_leads", { lead_id: uuid().primaryKey() });

/** The onboarding read model's timeline has the same shape (read-models/onboarding.ts). */
export { timelineColumns };

export type ActivityRow = RowOf<typeof activities>;

/** The tables of the activities read model. */
export const ACTIVITIES_TABLES = [activities, activitiesArchivedLeads] as const;
