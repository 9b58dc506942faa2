import type { CreativeClient } from "@crm/contracts/creative/clients";
import { fileUrl, type FilePurpose, type SniffedType, type StoredFile } from "@crm/contracts/creative/files";
import type { ContentSubmission } from "@crm/contracts/creative/submission";
import type { CreativeTask } from "@crm/contracts/creative/task";
import { contentSubmissions, creativeFiles, creativeTasks } from "@crm/contracts/read-models/creative";
import { closedLeads, leads } from "@crm/contracts/read-models/leads";
import { selectAs } from "@crm/contracts/read-models/table";
import { users } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";

/** Whose clients a reader sees: one director's, or (null) everyone's. */
export interface Scope {
  leadId?: string | undefined;
  directorId: string | null;
}

const WHERE = `($1::uuid IS NULL OR x.lead_id = $1) AND ($2::uuid IS NULL OR l.creative_director_id = $2)`;
const params = (scope: Scope) => [scope.leadId ?? null, scope.directorId];

const attachment = (f: StoredFile) => ({
  fileId: f.fileId,
  name: f.name,
  size: f.size,
  contentType: f.contentType,
  url: fileUrl(f.fileId),
});

type SubmissionRow = Omit<ContentSubmission, "file" | "fileUrl"> & { file: StoredFile | null };
type TaskRow = Omit<CreativeTask, "attachments" | "files" | "fileUrl"> & { attachments: StoredFile[] };

const l = leads.as("l");

/**
 * Every lead, open or closed, with its name and director: a client lost or archived keeps the
 * director who worked with them, who still reads its page, files, submissions and tasks (the
 * client list shows open leads only).
 */
const directors = `(SELECT id, name, creative_director_id FROM ${leads} UNION ALL SELECT id, name, creative_director_id FROM ${closedLeads})`;
const submission = contentSubmissions.as("x");
const task = creativeTasks.as("x");

/** Content submissions, newest first, of the leads in scope (the current director of the lead decides). */
export async function listSubmissions(q: Queryable, scope: Scope): Promise<ContentSubmission[]> {
  const { rows } = await q.query<SubmissionRow>(
    `SELECT ${selectAs(submission, ["id", "lead_id"])}, l.name AS "leadName", ${selectAs(submission, [
      "creative_director_id",
      "type",
      "title",
      "description",
      "caption",
      "file",
      "status",
      "client_feedback",
      "review_notes",
      "created_at",
      "created_by",
      "reviewed_at",
      "reviewed_by",
      "version",
    ])}
     FROM ${submission} JOIN ${directors} l ON l.id = x.lead_id WHERE ${WHERE} ORDER BY x.created_at DESC, x.id LIMIT 1000`,
    params(scope),
  );
  return rows.map(({ file, ...row }) => ({ ...row, file: file && attachment(file), fileUrl: file && fileUrl(file.fileId) }));
}

/** Creative tasks, newest first, of the leads in scope. */
export async function listTasks(q: Queryable, scope: Scope): Promise<CreativeTask[]> {
  const { rows } = await q.query<TaskRow>(
    `SELECT ${selectAs(task, ["id", "lead_id"])}, l.name AS "leadName", ${selectAs(task, [
      "creative_director_id",
      "title",
      "description",
      "status",
      "priority",
      "attachments",
      "notes",
      "due_date",
      "created_at",
      "created_by",
      "updated_at",
      "completed_at",
      "version",
    ])}
     FROM ${task} JOIN ${directors} l ON l.id = x.lead_id WHERE ${WHERE} ORDER BY x.created_at DESC, x.id LIMIT 1000`,
    params(scope),
  );
  return rows.map(({ attachments, ...row }) => ({
    ...row,
    attachments: attachments.map((a) => a.name),
    files: attachments.map(attachment),
    fileUrl: attachments[0] ? fileUrl(attachments[0].fileId) : null,
  }));
}

/** Leads with a creative director, in scope, with the director's name (identity's users read model). */
export async function listClients(q: Queryable, directorId: string | null): Promise<CreativeClient[]> {
  const { rows } = await q.query<CreativeClient>(
    `SELECT ${selectAs(l, ["id", "name", "business", "email", "stage", "creative_director_id"])}, u.display_name AS "creativeDirectorName"
     FROM ${l} LEFT JOIN ${users.as("u")} ON u.id = l.creative_director_id
     WHERE l.creative_director_id IS NOT NULL AND ($1::uuid IS NULL OR l.creative_director_id = $1) ORDER BY l.name, l.id`,
    [directorId],
  );
  return rows;
}

/** The director of a lead, open or closed: undefined when no such lead, null when it has none. */
export async function directorOfLead(q: Queryable, leadId: string): Promise<string | null | undefined> {
  const { rows } = await q.query<{ d: string | null }>(`SELECT creative_director_id AS d FROM ${directors} l WHERE id = $1`, [leadId]);
  return rows[0] === undefined ? undefined : rows[0].d;
}

export interface FileRecord {
  id: string;
  leadId: string;
  purpose: FilePurpose;
  key: string;
  name: string;
  size: number;
  contentType: SniffedType;
  checksum: string;
  directorId: string | null;
}

const f = creativeFiles.as("f");

/** An uploaded file with its lead's current director (the lead open or closed); undefined when unknown or its lead is gone. */
export async function findFile(q: Queryable, fileId: string): Promise<FileRecord | undefined> {
  const { rows } = await q.query<FileRecord>(
    `SELECT ${selectAs(f, ["id", "lead_id", "purpose", "key", "name"])}, f.size::float8 AS size, ${selectAs(f, ["content_type", "checksum"])},
       l.creative_director_id AS "directorId"
     FROM ${f} JOIN ${directors} l ON l.id = f.lead_id WHERE f.id = $1`,
    [fileId],
  );
  return rows[0];
}
