import { describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { ApiError } from "@crm/contracts/api/errors";
import * as submissions from "../src/creative/submission.decider.ts";
import * as tasks from "../src/creative/task.decider.ts";

const LEAD = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR = "1c7e3b5f-7b62-4d4a-8c2f-3a7f5a1f6b02";
const SUB = "2d8f4c6a-8c73-4e5b-9d3a-4b8a6b2a7c03";
const TASK = "3e9a5d7b-9d84-4f6c-8e4b-5c9b7c3b8d04";
const FILE = {
  fileId: "4fab6e8c-ae95-4a7d-9f5c-6dac8d4c9e05",
  key: `leads/${LEAD}/x`,
  name: "hero.png",
  size: 68,
  contentType: "image/png" as const,
  checksum: "a".repeat(64),
};
const metadata = { actor: DIRECTOR, at: "2030-01-01T09:00:00.000Z", commandId: "c-1", correlationId: "c-1" };
const envelope = <E extends DomainEvent>(e: E) => ({ ...e, metadata }) as never;
const status = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return status(error);
  }
  return "no error";
};

describe("submission decider", () => {
  const given = (events: submissions.SubmissionEvent[]) => events.map(envelope).reduce(submissions.evolve, submissions.initialState);
  const submitted: submissions.SubmissionEvent = {
    type: "ContentSubmitted",
    data: {
      submissionId: SUB,
      leadId: LEAD,
      creativeDirectorId: DIRECTOR,
      type: "photo",
      title: "Hero",
      description: null,
      caption: "Hi",
      file: FILE,
    },
  };
  const submit: submissions.SubmissionCommand = {
    type: "SubmitContent",
    submissionId: SUB,
    leadId: LEAD,
    creativeDirectorId: DIRECTOR,
    contentType: "photo",
    title: "Hero",
    description: null,
    caption: "Hi",
    file: FILE,
  };
  const review = (decision: "approve" | "reject" | "request_revision"): submissions.SubmissionCommand => ({
    type: "ReviewContent",
    submissionId: SUB,
    decision,
    reviewNotes: "Notes",
  });
  const reviewed = { submissionId: SUB, leadId: LEAD, title: "Hero", reviewNotes: "Notes" };

  it("given nothing, when content is submitted, then it is pending with its file", () => {
    expect(submissions.decide(submit, given([]))).toEqual([submitted]);
    expect(given([submitted]).status).toBe("pending");
  });

  it("given a pending submission, each review decision is its own event", () => {
    expect(submissions.decide(review("approve"), given([submitted]))).toEqual([{ type: "ContentApproved", data: reviewed }]);
    expect(submissions.decide(review("reject"), given([submitted]))).toEqual([{ type: "ContentRejected", data: reviewed }]);
    expect(submissions.decide(review("request_revision"), given([submitted]))).toEqual([
      { type: "ContentRevisionRequested", data: reviewed },
    ]);
  });

  it("given a reviewed submission, another review is a conflict; given none, it is not found", () => {
    const approved = given([submitted, { type: "ContentApproved", data: reviewed }]);
    expect(approved.status).toBe("approved");
    expect(thrown(() => submissions.decide(review("reject"), approved))).toBe(409);
    expect(thrown(() => submissions.decide(review("approve"), given([])))).toBe(404);
    expect(thrown(() => submissions.decide(submit, given([submitted])))).toBe(409);
  });
});

describe("task decider", () => {
  const given = (events: tasks.TaskEvent[]) => events.map(envelope).reduce(tasks.evolve, tasks.initialState);
  const ref = { taskId: TASK, leadId: LEAD, title: "Storyboard" };
  const created: tasks.TaskEvent = {
    type: "TaskCreated",
    data: {
      ...ref,
      creativeDirectorId: DIRECTOR,
      description: "Six frames",
      priority: "medium",
      dueDate: "2030-01-31",
      notes: null,
      attachments: [FILE],
    },
  };
  const started: tasks.TaskEvent = { type: "TaskStarted", data: ref };
  const completed: tasks.TaskEvent = { type: "TaskCompleted", data: { ...ref, completedAt: "2030-01-02T10:00:00.000Z" } };
  const cancelled: tasks.TaskEvent = { type: "TaskCancelled", data: { ...ref, reason: "Paused" } };
  const { type: _type, ...createdData } = created;
  const create: tasks.TaskCommand = { type: "CreateTask", ...(createdData.data as Omit<typeof created.data, never>) } as tasks.TaskCommand;

  it("given nothing, when a task is created, then it is todo", () => {
    expect(tasks.decide(create, given([]))).toEqual([created]);
    expect(given([created]).status).toBe("todo");
  });

  it("todo -> in progress -> completed, with completedAt from the command", () => {
    expect(tasks.decide({ type: "StartTask", taskId: TASK }, given([created]))).toEqual([started]);
    expect(tasks.decide({ type: "CompleteTask", taskId: TASK, at: "2030-01-02T10:00:00.000Z" }, given([created, started]))).toEqual([
      completed,
    ]);
    expect(given([created, started, completed]).status).toBe("completed");
  });

  it("a todo task may be completed or cancelled directly", () => {
    expect(tasks.decide({ type: "CompleteTask", taskId: TASK, at: "2030-01-02T10:00:00.000Z" }, given([created]))).toEqual([completed]);
    expect(tasks.decide({ type: "CancelTask", taskId: TASK, reason: "Paused" }, given([created]))).toEqual([cancelled]);
  });

  it("repeating the same move changes nothing (a double click)", () => {
    expect(tasks.decide({ type: "StartTask", taskId: TASK }, given([created, started]))).toEqual([]);
    expect(tasks.decide({ type: "CompleteTask", taskId: TASK, at: "x" }, given([created, completed]))).toEqual([]);
    expect(tasks.decide({ type: "CancelTask", taskId: TASK, reason: null }, given([created, cancelled]))).toEqual([]);
  });

  it("finished tasks do not move on; unknown tasks are not found", () => {
    expect(thrown(() => tasks.decide({ type: "StartTask", taskId: TASK }, given([created, completed])))).toBe(409);
    expect(thrown(() => tasks.decide({ type: "CancelTask", taskId: TASK, reason: null }, given([created, completed])))).toBe(409);
    expect(thrown(() => tasks.decide({ type: "CompleteTask", taskId: TASK, at: "x" }, given([created, cancelled])))).toBe(409);
    expect(thrown(() => tasks.decide({ type: "StartTask", taskId: TASK }, given([])))).toBe(404);
    expect(thrown(() => tasks.decide(create, given([created])))).toBe(409);
  });
});
