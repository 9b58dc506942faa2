import type { ContentSubmission } from "@crm/contracts/creative/answers";
import type { CreativeTask } from "@crm/contracts/creative/answers";

/** Overdue: due before today and still open (todo or in progress). */
export function isOverdue(task: Pick<CreativeTask, "dueDate" | "status">, today: string): boolean {
  return task.dueDate !== null && (task.status === "todo" || task.status === "in_progress") && task.dueDate < today;
}

export interface TaskGroups {
  pending: CreativeTask[];
  inProgress: CreativeTask[];
  completed: CreativeTask[];
  cancelled: CreativeTask[];
}

const byDue = (a: CreativeTask, b: CreativeTask) =>
  (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || b.createdAt.localeCompare(a.createdAt);

/**
 * Pending (status todo: no task status is called "pending"; docs/product.md, "Creative work"),
 * In Progress and Completed; cancelled tasks apart. Open tasks soonest due first, completed newest first.
 */
export function groupTasks(tasks: readonly CreativeTask[]): TaskGroups {
  const of = (status: CreativeTask["status"]) => tasks.filter((t) => t.status === status);
  return {
    pending: of("todo").sort(byDue),
    inProgress: of("in_progress").sort(byDue),
    completed: of("completed").sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? "")),
    cancelled: of("cancelled"),
  };
}

export interface CreativeCounters {
  clients: number;
  pendingSubmissions: number;
  approvedContent: number;
  /** todo + in_progress. */
  activeTasks: number;
}

/** The four counters of the creative dashboard. */
export function creativeCounters(
  clients: number,
  submissions: readonly ContentSubmission[],
  tasks: readonly CreativeTask[],
): CreativeCounters {
  return {
    clients,
    pendingSubmissions: submissions.filter((s) => s.status === "pending").length,
    approvedContent: submissions.filter((s) => s.status === "approved").length,
    activeTasks: tasks.filter((t) => t.status === "todo" || t.status === "in_progress").length,
  };
}

export const SUBMISSION_STATUS_LABELS: Record<ContentSubmission["status"], string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  revision_requested: "Revision requested",
};

export const TASK_STATUS_LABELS: Record<CreativeTask["status"], string> = {
  todo: "Pending",
  in_progress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};
