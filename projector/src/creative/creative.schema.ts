import type { Columns } from "../sql.ts";

export const FILE_COLUMNS = {
  id: "uuid",
  lead_id: "uuid",
  purpose: "text",
  key: "text",
  name: "text",
  size: "bigint",
  content_type: "text",
  checksum: "text",
  created_at: "timestamptz",
  created_by: "text",
} as const satisfies Columns;

export const SUBMISSION_COLUMNS = {
  id: "uuid",
  lead_id: "uuid",
  creative_director_id: "uuid",
  type: "text",
  title: "text",
  description: "text",
  caption: "text",
  file: "jsonb",
  status: "text",
  client_feedback: "text",
  review_notes: "text",
  created_at: "timestamptz",
  created_by: "text",
  reviewed_at: "timestamptz",
  reviewed_by: "text",
  version: "integer",
} as const satisfies Columns;

export const TASK_COLUMNS = {
  id: "uuid",
  lead_id: "uuid",
  creative_director_id: "uuid",
  title: "text",
  description: "text",
  status: "text",
  priority: "text",
  attachments: "jsonb",
  notes: "text",
  due_date: "text",
  created_at: "timestamptz",
  created_by: "text",
  updated_at: "timestamptz",
  completed_at: "timestamptz",
  version: "integer",
} as const satisfies Columns;

type Row<C extends Columns> = {
  -readonly [K in keyof C]: C[K] extends "integer" | "bigint" ? number : C[K] extends "jsonb" ? unknown : string | null;
};
export type FileRow = Row<typeof FILE_COLUMNS>;
export type SubmissionRow = Row<typeof SUBMISSION_COLUMNS>;
export type TaskRow = Row<typeof TASK_COLUMNS>;

/** due_date is the calendar date as text (YYYY-MM-DD): no time zone can shift it. */
export const CREATIVE_DDL = `
  CREATE TABLE creative_files (
    id uuid PRIMARY KEY, lead_id uuid NOT NULL, purpose text NOT NULL, key text NOT NULL, name text NOT NULL,
    size bigint NOT NULL, content_type text NOT NULL, checksum text NOT NULL, created_at timestamptz NOT NULL, created_by text NOT NULL
  );
  CREATE INDEX creative_files_lead ON creative_files (lead_id);
  CREATE TABLE content_submissions (
    id uuid PRIMARY KEY, lead_id uuid NOT NULL, creative_director_id uuid, type text NOT NULL, title text NOT NULL,
    description text, caption text, file jsonb, status text NOT NULL, client_feedback text, review_notes text,
    created_at timestamptz NOT NULL, created_by text NOT NULL, reviewed_at timestamptz, reviewed_by text, version integer NOT NULL
  );
  CREATE INDEX content_submissions_lead ON content_submissions (lead_id, created_at DESC);
  CREATE INDEX content_submissions_recent ON content_submissions (created_at DESC);
  CREATE TABLE creative_tasks (
    id uuid PRIMARY KEY, lead_id uuid NOT NULL, creative_director_id uuid, title text NOT NULL, description text NOT NULL,
    status text NOT NULL, priority text NOT NULL, attachments jsonb NOT NULL, notes text, due_date text,
    created_at timestamptz NOT NULL, created_by text NOT NULL, updated_at timestamptz NOT NULL, completed_at timestamptz, version integer NOT NULL
  );
  CREATE INDEX creative_tasks_lead ON creative_tasks (lead_id, created_at DESC);
`;
