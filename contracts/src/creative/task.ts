// zod/mini, because the browser imports this module (the create-task dialog reuses CreateTaskBody's rules).
import { z } from "zod/mini";
import { emptyToNull, preprocess } from "../api/preprocess.ts";
import { TASK_PRIORITIES } from "./answers.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { CreativeTask, TASK_PRIORITIES, TASK_STATUSES, type TaskStatus } from "./answers.ts";

export const TaskPriority = z.enum(TASK_PRIORITIES, { error: "Priority is high, medium or low" });
export type TaskPriority = z.infer<typeof TaskPriority>;

const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .check(z.trim(), z.minLength(1, `${name} is required`), z.maxLength(max, `At most ${max} characters`));

/** Body of POST /api/creative-tasks; attachments are files uploaded first (POST /api/files). */
export const CreateTaskBody = z.strictObject({
  leadId: z.uuid("Lead ids are UUIDs"),
  title: required("Title", 200),
  description: required("Description", 5_000),
  priority: z._default(TaskPriority, "medium"),
  dueDate: z.optional(preprocess(emptyToNull, z.nullable(z.iso.date("Due date is a date, e.g. 2030-01-31")))),
  notes: z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(5_000, "At most 5000 characters"))))),
  attachments: z._default(z.array(z.uuid("Attachments are file ids")).check(z.maxLength(10, "At most 10 attachments")), []),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBody>;

/** Body of POST /api/creative-tasks/:id/cancel (optional). */
export const CancelTaskBody = z.strictObject({
  reason: z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(1_000))))),
});
