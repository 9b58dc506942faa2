import { describe, expect, it } from "vitest";
import type { ContentSubmission } from "@crm/contracts/creative/answers";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { creativeCounters, groupTasks, isOverdue } from "./creative-model.ts";

let n = 0;
const task = (status: CreativeTask["status"], extra: Partial<CreativeTask> = {}): CreativeTask => ({
  id: `t${++n}`,
  leadId: "l1",
  leadName: "Ada",
  creativeDirectorId: "d1",
  title: `Task ${n}`,
  description: "d",
  status,
  priority: "medium",
  attachments: [],
  files: [],
  notes: null,
  fileUrl: null,
  dueDate: null,
  createdAt: `2030-01-0${(n % 9) + 1}T00:00:00Z`,
  createdBy: "u",
  updatedAt: "2030-01-01T00:00:00Z",
  completedAt: null,
  version: 1,
  ...extra,
});
const submission = (status: ContentSubmission["status"]) => ({ status }) as ContentSubmission;

describe("creative tasks", () => {
  it("groups Pending (todo), In Progress and Completed, cancelled apart; open tasks soonest due first", () => {
    const later = task("todo", { dueDate: "2030-03-01" });
    const sooner = task("todo", { dueDate: "2030-02-01" });
    const undated = task("todo");
    const groups = groupTasks([
      later,
      task("in_progress"),
      undated,
      task("completed", { completedAt: "2030-01-05T00:00:00Z" }),
      sooner,
      task("cancelled"),
    ]);
    expect(groups.pending.map((t) => t.id)).toEqual([sooner.id, later.id, undated.id]);
    expect(groups.inProgress).toHaveLength(1);
    expect(groups.completed).toHaveLength(1);
    expect(groups.cancelled).toHaveLength(1);
  });

  it("marks open tasks due before today as overdue, never finished ones or those due today", () => {
    const today = "2030-06-15";
    expect(isOverdue(task("todo", { dueDate: "2030-06-14" }), today)).toBe(true);
    expect(isOverdue(task("in_progress", { dueDate: "2029-12-31" }), today)).toBe(true);
    expect(isOverdue(task("todo", { dueDate: "2030-06-15" }), today)).toBe(false);
    expect(isOverdue(task("completed", { dueDate: "2030-01-01" }), today)).toBe(false);
    expect(isOverdue(task("cancelled", { dueDate: "2030-01-01" }), today)).toBe(false);
    expect(isOverdue(task("todo"), today)).toBe(false);
  });
});

describe("creative counters", () => {
  it("counts clients, pending submissions, approved content and active tasks (todo + in progress)", () => {
    const subs = [
      submission("pending"),
      submission("pending"),
      submission("approved"),
      submission("rejected"),
      submission("revision_requested"),
    ];
    const tasks = [task("todo"), task("in_progress"), task("completed"), task("cancelled")];
    expect(creativeCounters(3, subs, tasks)).toEqual({ clients: 3, pendingSubmissions: 2, approvedContent: 1, activeTasks: 2 });
  });
});
