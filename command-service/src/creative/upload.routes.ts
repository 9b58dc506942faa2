import type { Request, Response } from "express";
import type { z } from "zod";
import { UploadedFile } from "@crm/contracts/creative/answers";
import { fileUrl, UploadQuery } from "@crm/contracts/creative/files";
import { fileStreamId } from "@crm/contracts/creative/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { CREATIVE } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { fileKey, type FileStorage } from "@crm/infra/storage/file-storage";
import { checkDeclaredLength, receiveUpload } from "@crm/infra/storage/upload";
import { handleCommand } from "../core/command-handler.ts";
import { commandOptions, type CommandDeps } from "../core/command-context.ts";
import { loadCreativeLead, requireDirector } from "./creative-access.ts";
import { fileDecider } from "./file.decider.ts";

export type UploadRouteDeps = CommandDeps & { store: EventStore; storage: FileStorage };

/** The original name from X-File-Name (URI-encoded so any name survives a header), for people only. */
function fileName(header: string | undefined): string {
  let name = "file";
  try {
    if (header) name = decodeURIComponent(header);
  } catch {
    name = header ?? "file";
  }
  // Only the last path segment, without control characters; never used as a storage key.
  return (
    (name.split(/[\\/]/).pop() ?? "")
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 200) || "file"
  );
}

/** Streams the file to storage, then records it on its own stream; an object left unrecorded is deleted. */
async function recordUpload(deps: UploadRouteDeps, req: Request, res: Response, { leadId, purpose }: z.output<typeof UploadQuery>) {
  checkDeclaredLength(req.get("content-length"), purpose);
  const lead = await loadCreativeLead(deps.store, req, leadId);
  requireDirector(lead);
  const fileId = deps.newId();
  const key = fileKey(lead.id, fileId);
  // An erasure while the file streamed in deletes the lead's folder under it: answer why (409), not the storage's error.
  const received = await receiveUpload(req, purpose, deps.storage, key).catch(async (error: unknown) => {
    await loadCreativeLead(deps.store, req, leadId);
    throw error;
  });
  const file = { fileId, key, name: fileName(req.get("x-file-name")), ...received };
  try {
    // The lead may have been erased while the file streamed in: then nothing of it is kept (decisions/039).
    await loadCreativeLead(deps.store, req, leadId);
    const outcome = await handleCommand(
      deps.store,
      fileStreamId(fileId),
      fileDecider,
      { type: "RecordUpload", leadId: lead.id, purpose, file },
      commandOptions(req, deps),
    );
    const answer: UploadedFile = {
      id: fileId,
      leadId: lead.id,
      purpose,
      name: file.name,
      size: file.size,
      contentType: file.contentType,
      checksum: file.checksum,
      createdAt: deps.now().toISOString(),
      createdBy: req.user?.id ?? "system",
      url: fileUrl(fileId),
      version: outcome.version,
      position: outcome.position,
    };
    res.status(201).json(answer);
  } catch (error) {
    await deps.storage.delete(key); // no event, no object: an unrecorded upload would never be served
    throw error;
  }
}

/**
 * POST /api/files?leadId=&purpose=: the raw body is the file, streamed to storage (no multipart, no
 * buffering, no JSON parser: its body limit is "stream"). Answers 201 with the file's id for a later
 * SubmitContent or CreateTask; 413 over the purpose's size limit, 415 for a type it does not take.
 */
export const uploadRoutes = routeGroup((route: RouteBuilder<UploadRouteDeps>) => [
  route({
    method: "POST",
    path: "/api/files",
    allow: CREATIVE,
    tag: "creative",
    summary: "Upload a file (the raw body, streamed) for a later submission or task; 413 over the purpose's size limit",
    query: UploadQuery,
    bodyLimit: "stream",
    responses: { 201: UploadedFile },
    handle: ({ req, res, query }, deps) => recordUpload(deps, req, res, query),
  }),
]);
