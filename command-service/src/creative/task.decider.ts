import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import type { StoredFile } from "@crm/contracts/creative/files";
import type { TaskPriority, TaskStatus } from "@crm/contracts/creative/task";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const TASK_EVENT_TYPES = ["TaskCreated", "TaskStarted", "TaskCompleted", "TaskCancelled"] as const;
export type TaskEvent = EventOf<(typeof TASK_EVENT_TYPES)[number]>;

export type TaskState = { status: "none" } | { status: TaskStatus; taskId: string; leadId: string; title: string };

export type TaskCommand =
  | {
      type: "CreateTask";
      taskId: string;
      leadId: string;
      creativeDirectorId: string | null;
      title: string;
      description: string;
      priority: TaskPriority;
      dueDate: string | null;
      notes: string | null;
      attachments: StoredFile[];
    }
  | { type: "StartTask"; taskId: string }
  /** `at` is when it was completed: the command's time, since deciders read no clock. */
  | { type: "CompleteTask"; taskId: string; at: string }
  | { type: "CancelTask"; taskId: string; reason: string | null };

export const initialState: TaskState = { status: "none" };

export function evolve(state: TaskState, event: EventEnvelope<TaskEvent>): TaskState {
  if (event.type === "TaskCreated")
    return { status: "todo", taskId: event.data.taskId, leadId: event.data.leadId, title: event.data.title };
  if (state.status === "none") return state;
  switch (event.type) {
    case "TaskStarted":
      return { ...state, status: "in_progress" };
    case "TaskCompleted":
      return { ...state, status: "completed" };
    case "TaskCancelled":
      return { ...state, status: "cancelled" };
    default:
      return state;
  }
}

type Open = Exclude<TaskState, { status: "none" }>;
const ref = (state: Open) => ({ taskId: state.taskId, leadId: state.leadId, title: state.title });

/** The task as it is, or 404; a repeated move to the same status is a no-op (a double click). */
function existing(state: TaskState): Open {
  if (state.status === "none") throw new NotFoundError("Task");
  return state;
}

function refuse(state: Open, action: string): never {
  throw new ConflictError(`This task is ${state.status.replace("_", " ")}; it cannot be ${action}.`);
}

function create(command: Extract<TaskCommand, { type: "CreateTask" }>, state: TaskState): TaskEvent[] {
  if (state.status !== "none") throw new ConflictError("A task with this id already exists.");
  const { type: _type, ...data } = command;
  return [{ type: "TaskCreated", data }];
}

function start(state: TaskState): TaskEvent[] {
  const task = existing(state);
  if (task.status === "in_progress") return [];
  if (task.status !== "todo") refuse(task, "started");
  return [{ type: "TaskStarted", data: ref(task) }];
}

function complete(command: Extract<TaskCommand, { type: "CompleteTask" }>, state: TaskState): TaskEvent[] {
  const task = existing(state);
  if (task.status === "completed") return [];
  if (task.status === "cancelled") refuse(task, "completed");
  return [{ type: "TaskCompleted", data: { ...ref(task), completedAt: command.at } }];
}

function cancel(command: Extract<TaskCommand, { type: "CancelTask" }>, state: TaskState): TaskEvent[] {
  const task = existing(state);
  if (task.status === "cancelled") return [];
  if (task.status === "completed") refuse(task, "cancelled");
  return [{ type: "TaskCancelled", data: { ...ref(task), reason: command.reason } }];
}

export const decide = decideBy<TaskCommand, TaskState, TaskEvent>({
  CreateTask: create,
  StartTask: (_command, state) => start(state),
  CompleteTask: complete,
  CancelTask: cancel,
});

export const taskDecider: Decider<TaskCommand, TaskState, TaskEvent> = {
  initialState,
  eventTypes: TASK_EVENT_TYPES,
  evolve,
  decide,
};
