import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeCreativeEvent } from "@crm/contracts/creative/describe";
import { fileIdOfStream, submissionIdOfStream, taskIdOfStream } from "@crm/contracts/creative/stream";
import {
  CREATIVE_TABLES,
  contentSubmissions,
  creativeFiles,
  creativeTasks,
  type FileRow,
  type SubmissionRow,
  type TaskRow,
} from "@crm/contracts/read-models/creative";
import type { TableContract } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns, upsertRows, type Columns } from "../sql.ts";
import { CREATIVE_DDL, FILE_COLUMNS, SUBMISSION_COLUMNS, TASK_COLUMNS } from "./creative.schema.ts";

type Stamp = { at: string; by: string; version: number };
const stampOf = (e: RecordedEvent): Stamp => ({ at: e.metadata.at, by: e.metadata.actor, version: e.streamVersion });

function fileRow(e: RecordedEvent): FileRow | undefined {
  if (e.type !== "FileUploaded") return undefined;
  const d = e.data;
  return {
    id: d.fileId,
    lead_id: d.leadId,
    purpose: d.purpose,
    key: d.key,
    name: d.name,
    size: d.size,
    content_type: d.contentType,
    checksum: d.checksum,
    created_at: e.metadata.at,
    created_by: e.metadata.actor,
  };
}

function submission(row: SubmissionRow | undefined, e: RecordedEvent, s: Stamp): SubmissionRow | undefined {
  if (e.type === "ContentSubmitted") {
    const d = e.data;
    return {
      id: d.submissionId,
      lead_id: d.leadId,
      creative_director_id: d.creativeDirectorId,
      type: d.type,
      title: d.title,
      description: d.description,
      caption: d.caption,
      file: d.file,
      status: "pending",
      client_feedback: null,
      review_notes: null,
      created_at: s.at,
      created_by: s.by,
      reviewed_at: null,
      reviewed_by: null,
      version: s.version,
    };
  }
  const status = { ContentApproved: "approved", ContentRejected: "rejected", ContentRevisionRequested: "revision_requested" }[
    e.type as string
  ];
  if (!row || !status) return row;
  return {
    ...row,
    status,
    review_notes: (e.data as { reviewNotes: string | null }).reviewNotes,
    reviewed_at: s.at,
    reviewed_by: s.by,
    version: s.version,
  };
}

function task(row: TaskRow | undefined, e: RecordedEvent, s: Stamp): TaskRow | undefined {
  if (e.type === "TaskCreated") {
    const d = e.data;
    return {
      id: d.taskId,
      lead_id: d.leadId,
      creative_director_id: d.creativeDirectorId,
      title: d.title,
      description: d.description,
      status: "todo",
      priority: d.priority,
      attachments: d.attachments,
      notes: d.notes,
      due_date: d.dueDate,
      created_at: s.at,
      created_by: s.by,
      updated_at: s.at,
      completed_at: null,
      version: s.version,
    };
  }
  if (!row) return row;
  const moved = { ...row, updated_at: s.at, version: s.version };
  switch (e.type) {
    case "TaskStarted":
      return { ...moved, status: "in_progress" };
    case "TaskCompleted":
      return { ...moved, status: "completed", completed_at: e.data.completedAt };
    case "TaskCancelled":
      return { ...moved, status: "cancelled" };
    default:
      return row;
  }
}

/** Folds the events of one kind of stream into its rows: loads those touched, applies in order, upserts. */
async function project<R extends { id: string | null }>(
  tx: Queryable,
  events: readonly RecordedEvent[],
  table: TableContract,
  columns: Columns,
  idOf: (streamId: string) => string | undefined,
  step: (row: R | undefined, e: RecordedEvent, s: Stamp) => R | undefined,
) {
  const mine = events.filter((e) => idOf(e.streamId) !== undefined);
  if (mine.length === 0) return;
  const ids = [...new Set(mine.map((e) => idOf(e.streamId)!))];
  const { rows } = await tx.query<R>(`SELECT ${Object.keys(columns).join(", ")} FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id!, r]));
  const touched = new Set<string>();
  for (const e of mine) {
    const id = idOf(e.streamId)!;
    const next = step(byId.get(id), e, stampOf(e));
    if (next && next !== byId.get(id)) {
      byId.set(id, next);
      touched.add(id);
    }
  }
  await upsertRows(
    tx,
    table.name,
    columns,
    "id",
    [...touched].map((id) => byId.get(id)!),
  );
}

/** Submissions and tasks go with their lead (docs/product.md, "Leads and the pipeline", Archive) (archived leads leave the read models). */
async function dropArchivedLeads(tx: Queryable, events: readonly RecordedEvent[]) {
  const archived = events.flatMap((e) => (e.type === "LeadArchived" ? [e.data.leadId] : []));
  if (archived.length === 0) return;
  for (const table of [contentSubmissions, creativeTasks, creativeFiles])
    await tx.query(`DELETE FROM ${table} WHERE lead_id = ANY($1::uuid[])`, [archived]);
}

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  await insertColumns(
    tx,
    creativeFiles.name,
    FILE_COLUMNS,
    events.map(fileRow).filter((r) => r !== undefined),
    "ON CONFLICT DO NOTHING",
  );
  await project<SubmissionRow>(tx, events, contentSubmissions, SUBMISSION_COLUMNS, submissionIdOfStream, submission);
  await project<TaskRow>(tx, events, creativeTasks, TASK_COLUMNS, taskIdOfStream, task);
  await dropArchivedLeads(tx, events);
}

/**
 * The creative dashboard and the lead page's content and task cards (decisions/013): one row per
 * submission, task and uploaded file. Topics name the lists and the lead, and the lead's timeline.
 */
export const creativeProjection: Projection = {
  name: "creative",
  version: 1,
  tables: CREATIVE_TABLES.map((t) => t.name),
  ddl: CREATIVE_DDL,
  apply,
  topics(events) {
    const topics = new Set<string>();
    for (const e of events) {
      const leadId = (e.data as { leadId?: string }).leadId;
      if (submissionIdOfStream(e.streamId)) topics.add("content-submissions").add(`content-submissions:${leadId}`);
      if (taskIdOfStream(e.streamId)) topics.add("creative-tasks").add(`creative-tasks:${leadId}`);
      if (fileIdOfStream(e.streamId)) topics.add("files");
      if (describeCreativeEvent(e)) topics.add("activities").add(`activities:${leadId}`);
    }
    return [...topics];
  },
};
