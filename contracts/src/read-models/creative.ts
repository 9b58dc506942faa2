import type { StoredFile } from "../creative/files.ts";
import { bigint, integer, jsonb, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/** One row per uploaded file. */
export const creativeFiles = table("creative_files", {
  id: uuid().primaryKey(),
  lead_id: uuid(),
  purpose: text(),
  key: text(),
  name: text(),
  size: bigint(),
  content_type: text(),
  checksum: text(),
  created_at: timestamptz(),
  created_by: text(),
});

/** One row per content submission. */
export const contentSubmissions = table("content_submissions", {
  id: uuid().primaryKey(),
  lead_id: uuid(),
  creative_director_id: uuid().nullable(),
  type: text(),
  title: text(),
  description: text().nullable(),
  caption: text().nullable(),
  file: jsonb().nullable().as<StoredFile>(),
  status: text(),
  client_feedback: text().nullable(),
  review_notes: text().nullable(),
  created_at: timestamptz(),
  created_by: text(),
  reviewed_at: timestamptz().nullable(),
  reviewed_by: text().nullable(),
  version: integer(),
});

/** One row per creative task. due_date is the calendar date as text (YYYY-MM-DD): no time zone can shift it. */
export const creativeTasks = table("creative_tasks", {
  id: uuid().primaryKey(),
  lead_id: uuid(),
  creative_director_id: uuid().nullable(),
  title: text(),
  description: text(),
  status: text(),
  priority: text(),
  attachments: jsonb().as<StoredFile[]>(),
  notes: text().nullable(),
  due_date: text().nullable(),
  created_at: timestamptz(),
  created_by: text(),
  updated_at: timestamptz(),
  completed_at: timestamptz().nullable(),
  version: integer(),
});

export type FileRow = RowOf<typeof creativeFiles>;
export type SubmissionRow = RowOf<typeof contentSubmissions>;
export type TaskRow = RowOf<typeof creativeTasks>;

/** The tables of the creative read model (decisions/013). */
export const CREATIVE_TABLES = [creativeFiles, contentSubmissions, creativeTasks] as const;
