import { z } from "zod";
import { CommandResult, positioned } from "../api/command-result.ts";
import { FilePurpose, SNIFFED_TYPES, type FileInfo } from "./files.ts";
import { SUBMISSION_STATUSES } from "./submission.ts";
import { TASK_STATUSES } from "./task.ts";

/** What a content submission command answers: the submission's id, version, log position and new status. */
export const SubmissionResult = CommandResult.extend({ status: z.enum(SUBMISSION_STATUSES) });
export type SubmissionResult = z.infer<typeof SubmissionResult>;

/** What a creative task command answers: the task's id, version, log position and new status. */
export const TaskResult = CommandResult.extend({ status: z.enum(TASK_STATUSES) });
export type TaskResult = z.infer<typeof TaskResult>;

/** What POST /api/files answers (201): the stored file as FileInfo describes it, with its stream's version and position. */
export const UploadedFile = positioned(
  z.object({
    id: z.uuid(),
    leadId: z.uuid(),
    purpose: FilePurpose,
    name: z.string(),
    size: z.number().int().nonnegative(),
    contentType: z.enum(SNIFFED_TYPES),
    checksum: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: z.iso.datetime({ offset: true }),
    createdBy: z.string(),
    url: z.string(),
  }) satisfies z.ZodType<FileInfo>,
);
export type UploadedFile = z.infer<typeof UploadedFile>;
