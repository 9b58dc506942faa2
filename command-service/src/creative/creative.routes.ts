import type { Request, Response } from "express";
import { NotFoundError } from "@crm/contracts/api/errors";
import { idParam } from "@crm/contracts/api/params";
import { SubmissionResult, TaskResult } from "@crm/contracts/creative/answers";
import { submissionStreamId, taskStreamId } from "@crm/contracts/creative/stream";
import { ReviewContentBody, SubmitContentBody } from "@crm/contracts/creative/submission";
import { CancelTaskBody, CreateTaskBody } from "@crm/contracts/creative/task";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { CREATIVE } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, type CommandDeps } from "../core/command-context.ts";
import { loadCreativeLead, loadFiles, requireDirector } from "./creative-access.ts";
import { submissionDecider, type SubmissionCommand } from "./submission.decider.ts";
import { taskDecider, type TaskCommand } from "./task.decider.ts";

export type CreativeRouteDeps = CommandDeps & { store: EventStore };

const SubmissionIdParam = idParam("Submission");
const TaskIdParam = idParam("Task");

function answer(res: Response, outcome: CommandOutcome<{ status: string }>, id: string, status = 200) {
  res.status(status).json({ id, version: outcome.version, position: outcome.position, status: outcome.state.status });
}

/** The lead of an existing submission or task stream, from its first event; 404 when there is none. */
async function leadOfStream(store: EventStore, streamId: string, what: string): Promise<string> {
  const first = (await store.readStream(streamId))[0];
  const leadId = (first?.data as { leadId?: string } | undefined)?.leadId;
  if (!leadId) throw new NotFoundError(what);
  return leadId;
}

/** What the creative commands share: one way to run a submission command and one to run a task command. */
function setup(deps: CreativeRouteDeps) {
  const submission = (req: Request, id: string, command: SubmissionCommand) =>
    handleCommand(deps.store, submissionStreamId(id), submissionDecider, command, commandOptions(req, deps));
  const task = (req: Request, id: string, command: TaskCommand) =>
    handleCommand(deps.store, taskStreamId(id), taskDecider, command, commandOptions(req, deps));
  return { store: deps.store, newId: deps.newId, now: deps.now, submission, task };
}

type Ctx = ReturnType<typeof setup>;

/** A submission for the lead's director to review, with the file uploaded first (not for a caption without one). */
async function submitContent({ store, newId, submission }: Ctx, req: Request, res: Response, body: SubmitContentBody) {
  const lead = await loadCreativeLead(store, req, body.leadId);
  const creativeDirectorId = requireDirector(lead);
  const [file = null] = body.fileId ? await loadFiles(store, lead.id, [body.fileId], "fileId", [body.type]) : [];
  const submissionId = newId();
  const command = {
    type: "SubmitContent",
    submissionId,
    leadId: lead.id,
    creativeDirectorId,
    contentType: body.type,
    title: body.title,
    description: body.description ?? null,
    caption: body.caption ?? null,
    file,
  } as const;
  answer(res, await submission(req, submissionId, command), submissionId, 201);
}

/** A task for the lead's director, with its attachments uploaded first. */
async function createTask({ store, newId, task }: Ctx, req: Request, res: Response, body: CreateTaskBody) {
  const lead = await loadCreativeLead(store, req, body.leadId);
  const creativeDirectorId = requireDirector(lead);
  const attachments = await loadFiles(store, lead.id, body.attachments, "attachments", [
    "attachment",
    "photo",
    "graphic",
    "video",
    "caption",
  ]);
  const taskId = newId();
  const command = {
    type: "CreateTask",
    taskId,
    leadId: lead.id,
    creativeDirectorId,
    title: body.title,
    description: body.description,
    priority: body.priority,
    dueDate: body.dueDate ?? null,
    notes: body.notes ?? null,
    attachments,
  } as const;
  answer(res, await task(req, taskId, command), taskId, 201);
}

const TASK_ACTIONS = {
  start: { summary: "Start a creative task", command: (taskId: string): TaskCommand => ({ type: "StartTask", taskId }) },
  complete: {
    summary: "Complete a creative task",
    command: (taskId: string, { now }: Ctx): TaskCommand => ({ type: "CompleteTask", taskId, at: now().toISOString() }),
  },
  cancel: {
    summary: "Cancel a creative task, with an optional reason",
    command: (taskId: string, _ctx: Ctx, reason: string | null): TaskCommand => ({ type: "CancelTask", taskId, reason }),
  },
} as const;

/** Content submissions and creative tasks: submit, review, create, start, complete, cancel. */
export const creativeCommandRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/content-submissions",
    allow: CREATIVE,
    tag: "creative",
    summary: "Submit content for a client (a Creative Director: only for their own clients)",
    body: SubmitContentBody,
    responses: { 201: SubmissionResult },
    handle: ({ req, res, body }, ctx) => submitContent(ctx, req, res, body),
  }),
  route({
    method: "POST",
    path: "/api/content-submissions/:id/review",
    allow: CREATIVE,
    tag: "creative",
    summary: "Review a submission: approve, reject or request a revision",
    params: SubmissionIdParam,
    body: ReviewContentBody,
    responses: { 200: SubmissionResult },
    handle: async ({ req, res, params: { id }, body: { decision, reviewNotes } }, { store, submission }) => {
      await loadCreativeLead(store, req, await leadOfStream(store, submissionStreamId(id), "Submission"));
      answer(res, await submission(req, id, { type: "ReviewContent", submissionId: id, decision, reviewNotes: reviewNotes ?? null }), id);
    },
  }),
  route({
    method: "POST",
    path: "/api/creative-tasks",
    allow: CREATIVE,
    tag: "creative",
    summary: "Create a creative task for a client, with files uploaded first as attachments",
    body: CreateTaskBody,
    responses: { 201: TaskResult },
    handle: ({ req, res, body }, ctx) => createTask(ctx, req, res, body),
  }),
  ...(["start", "complete", "cancel"] as const).map((action) =>
    route({
      method: "POST",
      path: `/api/creative-tasks/:id/${action}`,
      allow: CREATIVE,
      tag: "creative",
      summary: TASK_ACTIONS[action].summary,
      params: TaskIdParam,
      body: action === "cancel" ? CancelTaskBody : undefined,
      responses: { 200: TaskResult },
      handle: async ({ req, res, params: { id }, body }, ctx) => {
        await loadCreativeLead(ctx.store, req, await leadOfStream(ctx.store, taskStreamId(id), "Task"));
        answer(res, await ctx.task(req, id, TASK_ACTIONS[action].command(id, ctx, body?.reason ?? null)), id);
      },
    }),
  ),
]);
