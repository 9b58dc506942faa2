import { describe, expect, it } from "vitest";
import { ApiError } from "@crm/contracts/api/errors";
import * as files from "../src/creative/file.decider.ts";
import * as submissions from "../src/creative/submission.decider.ts";
import * as tasks from "../src/creative/task.decider.ts";
import { expectDecision, GIVEN_METADATA } from "./support/decider-kit.ts";

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
const submission = expectDecision(submissions.submissionDecider);
const task = expectDecision(tasks.taskDecider);
const file = expectDecision(files.fileDecider);
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
    submission.given([]).when(submit).thenEvents([submitted]);
    expect(submission.given([submitted]).state.status).toBe("pending");
  });

  it("given a pending submission, each review decision is its own event", () => {
    submission
      .given([submitted])
      .when(review("approve"))
      .thenEvents([{ type: "ContentApproved", data: reviewed }]);
    submission
      .given([submitted])
      .when(review("reject"))
      .thenEvents([{ type: "ContentRejected", data: reviewed }]);
    submission
      .given([submitted])
      .when(review("request_revision"))
      .thenEvents([{ type: "ContentRevisionRequested", data: reviewed }]);
  });

  it("given a reviewed submission, another review is a conflict; given none, it is not found", () => {
    const approved = submission.given([submitted, { type: "ContentApproved", data: reviewed }]).state;
    expect(approved.status).toBe("approved");
    expect(thrown(() => submission.from(approved).when(review("reject")).events)).toBe(409);
    expect(thrown(() => submission.given([]).when(review("approve")).events)).toBe(404);
    expect(thrown(() => submission.given([submitted]).when(submit).events)).toBe(409);
  });
});

describe("task decider", () => {
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
    task.given([]).when(create).thenEvents([created]);
    expect(task.given([created]).state.status).toBe("todo");
  });

  it("todo -> in progress -> completed, with completedAt from the command", () => {
    task.given([created]).when({ type: "StartTask", taskId: TASK }).thenEvents([started]);
    task.given([created, started]).when({ type: "CompleteTask", taskId: TASK, at: "2030-01-02T10:00:00.000Z" }).thenEvents([completed]);
    expect(task.given([created, started, completed]).state.status).toBe("completed");
  });

  it("a todo task may be completed or cancelled directly", () => {
    task.given([created]).when({ type: "CompleteTask", taskId: TASK, at: "2030-01-02T10:00:00.000Z" }).thenEvents([completed]);
    task.given([created]).when({ type: "CancelTask", taskId: TASK, reason: "Paused" }).thenEvents([cancelled]);
  });

  it("repeating the same move changes nothing (a double click)", () => {
    task.given([created, started]).when({ type: "StartTask", taskId: TASK }).thenEvents([]);
    task.given([created, completed]).when({ type: "CompleteTask", taskId: TASK, at: "x" }).thenEvents([]);
    task.given([created, cancelled]).when({ type: "CancelTask", taskId: TASK, reason: null }).thenEvents([]);
  });

  it("finished tasks do not move on; unknown tasks are not found", () => {
    expect(thrown(() => task.given([created, completed]).when({ type: "StartTask", taskId: TASK }).events)).toBe(409);
    expect(thrown(() => task.given([created, completed]).when({ type: "CancelTask", taskId: TASK, reason: null }).events)).toBe(409);
    expect(thrown(() => task.given([created, cancelled]).when({ type: "CompleteTask", taskId: TASK, at: "x" }).events)).toBe(409);
    expect(thrown(() => task.given([]).when({ type: "StartTask", taskId: TASK }).events)).toBe(404);
    expect(thrown(() => task.given([created]).when(create).events)).toBe(409);
  });
});

describe("file decider", () => {
  const uploaded: files.FileEvent = { type: "FileUploaded", data: { ...FILE, leadId: LEAD, purpose: "photo" } };
  const upload: files.FileCommand = { type: "RecordUpload", leadId: LEAD, purpose: "photo", file: FILE };

  it("given nothing, when an upload is recorded, then the file is stored for its lead and purpose, by its uploader", () => {
    file.given([]).when(upload).thenEvents([uploaded]);
    expect(file.given([uploaded]).state).toEqual({
      status: "stored",
      leadId: LEAD,
      purpose: "photo",
      file: FILE,
      uploadedBy: GIVEN_METADATA.actor,
    });
  });

  it("given a stored file, another upload with its id is a conflict", () => {
    expect(thrown(() => file.given([uploaded]).when(upload).events)).toBe(409);
  });
});
