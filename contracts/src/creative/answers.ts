import { z } from "zod";
import { CommandResult, positioned } from "../api/command-result.ts";
import { FileInfo } from "./files.ts";
import { SUBMISSION_STATUSES } from "./submission.ts";
import { TASK_STATUSES } from "./task.ts";

/** What a content submission command answers: the submission's id, version, log position and new status. */
export const SubmissionResult = CommandResult.extend({ status: z.enum(SUBMISSION_STATUSES) });
export type SubmissionResult = z.infer<typeof SubmissionResult>;

/** What a creative task command answers: the task's id, version, log position and new status. */
export const TaskResult = CommandResult.extend({ status: z.enum(TASK_STATUSES) });
export type TaskResult = z.infer<typeof TaskResult>;

/** What POST /api/files answers (201): the stored file as FileInfo describes it, with its stream's version and position. */
export const UploadedFile = positioned(FileInfo);
export type UploadedFile = z.infer<typeof UploadedFile>;
