import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { submissionStreamId, taskStreamId } from "@crm/contracts/creative/stream";
import { ReviewContentBody, SubmitContentBody } from "@crm/contracts/creative/submission";
import { CancelTaskBody, CreateTaskBody } from "@crm/contracts/creative/task";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { commandOptions, type CommandDeps } from "../core/command-context.ts";
import { loadCreativeLead, loadFiles, requireDirector } from "./creative-access.ts";
import { submissionDecider, type SubmissionCommand } from "./submission.decider.ts";
import { taskDecider, type TaskCommand } from "./task.decider.ts";

export type CreativeRouteDeps = CommandDeps & { store: EventStore };

const Id = z.object({ id: z.uuid("Ids are UUIDs") });

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

/** Content submissions and creative tasks: submit, review, create, start, complete, cancel. */
export function creativeCommandRoutes(deps: CreativeRouteDeps): Router {
  const router = Router();
  const submission = (req: Request, id: string, command: SubmissionCommand) =>
    handleCommand(deps.store, submissionStreamId(id), submissionDecider, command, commandOptions(req, deps));
  const task = (req: Request, id: string, command: TaskCommand) =>
    handleCommand(deps.store, taskStreamId(id), taskDecider, command, commandOptions(req, deps));

  router.post("/api/content-submissions", async (req, res) => {
    const body = parseOr400(SubmitContentBody, req.body ?? {});
    const lead = await loadCreativeLead(deps.store, req, body.leadId);
    const creativeDirectorId = requireDirector(lead);
    const [file = null] = body.fileId ? await loadFiles(deps.store, lead.id, [body.fileId], "fileId", [body.type]) : [];
    const submissionId = deps.newId();
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
  });

  router.post("/api/content-submissions/:id/review", async (req, res) => {
    const { id } = parseOr400(Id, req.params, "id");
    const { decision, reviewNotes } = parseOr400(ReviewContentBody, req.body ?? {});
    await loadCreativeLead(deps.store, req, await leadOfStream(deps.store, submissionStreamId(id), "Submission"));
    answer(res, await submission(req, id, { type: "ReviewContent", submissionId: id, decision, reviewNotes: reviewNotes ?? null }), id);
  });

  router.post("/api/creative-tasks", async (req, res) => {
    const body = parseOr400(CreateTaskBody, req.body ?? {});
    const lead = await loadCreativeLead(deps.store, req, body.leadId);
    const creativeDirectorId = requireDirector(lead);
    const attachments = await loadFiles(deps.store, lead.id, body.attachments, "attachments", [
      "attachment",
      "photo",
      "graphic",
      "video",
      "caption",
    ]);
    const taskId = deps.newId();
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
  });

  const move = (action: "start" | "complete" | "cancel") =>
    router.post(`/api/creative-tasks/:id/${action}`, async (req, res) => {
      const { id } = parseOr400(Id, req.params, "id");
      const reason = action === "cancel" ? (parseOr400(CancelTaskBody, req.body ?? {}).reason ?? null) : null;
      await loadCreativeLead(deps.store, req, await leadOfStream(deps.store, taskStreamId(id), "Task"));
      const command: TaskCommand =
        action === "start"
          ? { type: "StartTask", taskId: id }
          : action === "complete"
            ? { type: "CompleteTask", taskId: id, at: deps.now().toISOString() }
            : { type: "CancelTask", taskId: id, reason };
      answer(res, await task(req, id, command), id);
    });
  move("start");
  move("complete");
  move("cancel");
  return router;
}
