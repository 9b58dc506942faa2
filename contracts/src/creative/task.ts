import { z } from "zod";
import { FileLink } from "./files.ts";

/** A creative task's status and priority (docs/product.md, "Creative work"). */
export const TASK_STATUSES = ["todo", "in_progress", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ["high", "medium", "low"] as const;
export const TaskPriority = z.enum(TASK_PRIORITIES, { error: "Priority is high, medium or low" });
export type TaskPriority = z.infer<typeof TaskPriority>;

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `At most ${max} characters`);

/** Body of POST /api/creative-tasks; attachments are files uploaded first (POST /api/files). */
export const CreateTaskBody = z.strictObject({
  leadId: z.uuid("Lead ids are UUIDs"),
  title: required("Title", 200),
  description: required("Description", 5_000),
  priority: TaskPriority.default("medium"),
  dueDate: z.preprocess(emptyToNull, z.iso.date("Due date is a date, e.g. 2030-01-31").nullable()).optional(),
  notes: z.preprocess(emptyToNull, z.string().trim().max(5_000, "At most 5000 characters").nullable()).optional(),
  attachments: z.array(z.uuid("Attachments are file ids")).max(10, "At most 10 attachments").default([]),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBody>;

/** Body of POST /api/creative-tasks/:id/cancel (optional). */
export const CancelTaskBody = z.strictObject({ reason: z.preprocess(emptyToNull, z.string().trim().max(1_000).nullable()).optional() });

/** GET /api/creative-tasks rows (docs/product.md, "Creative work"). */
export const CreativeTask = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  leadName: z.string(),
  creativeDirectorId: z.uuid().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: TaskPriority,
  /** The attachments as a list of file names, with their links beside them in `files`. */
  attachments: z.array(z.string()),
  files: z.array(FileLink),
  notes: z.string().nullable(),
  fileUrl: z.string().nullable(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  version: z.number().int(),
});
export type CreativeTask = z.infer<typeof CreativeTask>;
