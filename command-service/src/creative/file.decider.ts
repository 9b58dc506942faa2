import { ConflictError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import type { FilePurpose, StoredFile } from "@crm/contracts/creative/files";
import type { Decider, EventEnvelope } from "../core/decider.ts";

const FILE_EVENT_TYPES = ["FileUploaded"] as const;
export type FileEvent = EventOf<(typeof FILE_EVENT_TYPES)[number]>;
export type FileState =
  { status: "none" } | { status: "stored"; leadId: string; purpose: FilePurpose; file: StoredFile; uploadedBy: string };
export type FileCommand = { type: "RecordUpload"; leadId: string; purpose: FilePurpose; file: StoredFile };

export const initialState: FileState = { status: "none" };

export function evolve(_state: FileState, event: EventEnvelope<FileEvent>): FileState {
  const { leadId, purpose, ...file } = event.data;
  return { status: "stored", leadId, purpose, file, uploadedBy: event.metadata.actor };
}

/** An upload is a command: the event records where the bytes are, their size, type and SHA-256. */
export function decide(command: FileCommand, state: FileState): FileEvent[] {
  if (state.status !== "none") throw new ConflictError("A file with this id already exists.");
  return [{ type: "FileUploaded", data: { ...command.file, leadId: command.leadId, purpose: command.purpose } }];
}

export const fileDecider: Decider<FileCommand, FileState, FileEvent> = {
  initialState,
  eventTypes: FILE_EVENT_TYPES,
  evolve,
  decide,
};
