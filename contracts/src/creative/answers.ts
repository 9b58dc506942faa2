/**
 * The creative area's answers: what its routes declare in `responses`, and the statuses they carry.
 * Answers are written with zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply;
 * this module imports no zod classic (files.ts and the events, in events.ts, do).
 */
import { z } from "zod/mini";
import { CommandResult, positioned } from "../api/command-result.ts";
import { FILE_PURPOSES, SNIFFED_TYPES } from "./limits.ts";

/** A content submission's type and status (docs/product.md, "Creative work"). */
export const CONTENT_TYPES = ["video", "photo", "graphic", "caption"] as const;
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected", "revision_requested"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A creative task's status and priority (docs/product.md, "Creative work"). */
export const TASK_STATUSES = ["todo", "in_progress", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ["high", "medium", "low"] as const;

/** What GET /api/files/:id and an upload answer describe. */
export const FileInfo = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  purpose: z.enum(FILE_PURPOSES),
  name: z.string(),
  size: z.int().check(z.nonnegative()),
  contentType: z.enum(SNIFFED_TYPES),
  checksum: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.string(),
  /** Where the signed-in staff read it: always through the API, never a bucket URL. */
  url: z.string(),
});
export type FileInfo = z.infer<typeof FileInfo>;

/** A file as lists show it: its name, size, type and the API path of its bytes. */
export const FileLink = z.object({
  fileId: z.uuid(),
  name: z.string(),
  size: z.int().check(z.nonnegative()),
  contentType: z.string(),
  url: z.string(),
});
export type FileLink = z.infer<typeof FileLink>;

/** GET /api/content-submissions rows (docs/product.md, "Creative work", plus the file and who did what). */
export const ContentSubmission = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  leadName: z.string(),
  creativeDirectorId: z.nullable(z.uuid()),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  description: z.nullable(z.string()),
  caption: z.nullable(z.string()),
  /** The API path of the file, or null for a caption without one. */
  fileUrl: z.nullable(z.string()),
  file: z.nullable(FileLink),
  status: z.enum(SUBMISSION_STATUSES),
  clientFeedback: z.nullable(z.string()),
  reviewNotes: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  reviewedAt: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  version: z.int(),
});
export type ContentSubmission = z.infer<typeof ContentSubmission>;

/** GET /api/creative-tasks rows (docs/product.md, "Creative work"). */
export const CreativeTask = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  leadName: z.string(),
  creativeDirectorId: z.nullable(z.uuid()),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  /** The attachments as a list of file names, with their links beside them in `files`. */
  attachments: z.array(z.string()),
  files: z.array(FileLink),
  notes: z.nullable(z.string()),
  fileUrl: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  completedAt: z.nullable(z.string()),
  version: z.int(),
});
export type CreativeTask = z.infer<typeof CreativeTask>;

/** What a content submission command answers: the submission's id, version, log position and new status. */
export const SubmissionResult = z.extend(CommandResult, { status: z.enum(SUBMISSION_STATUSES) });
export type SubmissionResult = z.infer<typeof SubmissionResult>;

/** What a creative task command answers: the task's id, version, log position and new status. */
export const TaskResult = z.extend(CommandResult, { status: z.enum(TASK_STATUSES) });
export type TaskResult = z.infer<typeof TaskResult>;

/** What POST /api/files answers (201): the stored file as FileInfo describes it, with its stream's version and position. */
export const UploadedFile = positioned(FileInfo);
export type UploadedFile = z.infer<typeof UploadedFile>;
