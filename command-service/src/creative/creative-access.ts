import type { Request } from "express";
import { ConflictError, ForbiddenError, ValidationError } from "@crm/contracts/api/errors";
import type { StoredFile } from "@crm/contracts/creative/files";
import { fileStreamId } from "@crm/contracts/creative/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { loadOpenLead, type OpenLead } from "../messaging/load-lead.ts";
import { foldRecorded } from "../core/decider.ts";
import { fileDecider } from "./file.decider.ts";

/**
 * The lead a creative command acts on, from its own stream (not a read model): 404 when it does not
 * exist; 403 for a Creative Director who is not this client's director (docs/product.md, "Roles").
 */
export async function loadCreativeLead(store: EventStore, req: Request, leadId: string): Promise<OpenLead> {
  const lead = await loadOpenLead(store, leadId);
  if (req.user?.role === "Creative Director" && lead.creativeDirectorId !== req.user.id) {
    throw new ForbiddenError("This client is assigned to another creative director.");
  }
  return lead;
}

/** Content and tasks belong to a client with a director: the lead page shows them only then. */
export function requireDirector(lead: OpenLead): string {
  if (!lead.creativeDirectorId) throw new ConflictError("Assign a creative director to this lead first.");
  return lead.creativeDirectorId;
}

/** Uploaded files named by a command: they must exist, belong to this lead and suit the purpose. */
export async function loadFiles(
  store: EventStore,
  leadId: string,
  fileIds: readonly string[],
  field: string,
  purposes: readonly string[],
): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const [index, fileId] of fileIds.entries()) {
    const state = foldRecorded(fileDecider, await store.readStream(fileStreamId(fileId)));
    const name = fileIds.length > 1 || field === "attachments" ? `${field}.${index}` : field;
    if (state.status !== "stored") throw new ValidationError([{ field: name, message: "No uploaded file has this id" }]);
    if (state.leadId !== leadId) throw new ValidationError([{ field: name, message: "This file was uploaded for another lead" }]);
    if (!purposes.includes(state.purpose))
      throw new ValidationError([{ field: name, message: `This file was uploaded as ${state.purpose}, not ${purposes.join(" or ")}` }]);
    files.push(state.file);
  }
  return files;
}
