import { z } from "zod";
import { FilePurpose, StoredFile } from "./files.ts";
import { ContentType } from "./submission.ts";
import { TaskPriority } from "./task.ts";

const text = z.string().nullable();

/** A file stored by the storage port; a submission or task names it later by fileId. */
export const FileUploaded = StoredFile.extend({ leadId: z.uuid(), purpose: FilePurpose });

export const ContentSubmitted = z.object({
  submissionId: z.uuid(),
  leadId: z.uuid(),
  creativeDirectorId: z.uuid().nullable(),
  type: ContentType,
  title: z.string(),
  description: text,
  caption: text,
  file: StoredFile.nullable(),
});

const reviewed = z.object({ submissionId: z.uuid(), leadId: z.uuid(), title: z.string(), reviewNotes: text });
export const ContentApproved = reviewed;
export const ContentRejected = reviewed;
export const ContentRevisionRequested = reviewed;

export const TaskCreated = z.object({
  taskId: z.uuid(),
  leadId: z.uuid(),
  creativeDirectorId: z.uuid().nullable(),
  title: z.string(),
  description: z.string(),
  priority: TaskPriority,
  dueDate: z.iso.date().nullable(),
  notes: text,
  attachments: z.array(StoredFile),
});

const taskRef = { taskId: z.uuid(), leadId: z.uuid(), title: z.string() };
export const TaskStarted = z.object(taskRef);
export const TaskCompleted = z.object({ ...taskRef, completedAt: z.iso.datetime({ offset: true }) });
export const TaskCancelled = z.object({ ...taskRef, reason: text });

export const creativeEvents = {
  FileUploaded,
  ContentSubmitted,
  ContentApproved,
  ContentRejected,
  ContentRevisionRequested,
  TaskCreated,
  TaskStarted,
  TaskCompleted,
  TaskCancelled,
} as const;
