import { rm } from "node:fs/promises";
import { fileIdOfStream } from "@crm/contracts/creative/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { mailOutboxFolder, outboxMailFile } from "@crm/infra/mail/outbox-mailer";
import { outboxSmsFile, smsOutboxFolder } from "@crm/infra/sms/outbox-sms-sender";
import { fileKey, type FileStorage } from "@crm/infra/storage/file-storage";
import { mailMessageId } from "../reactors/mail.reactor.ts";

/**
 * What of a lead lives outside the event store, named by ids its events keep after the redaction:
 * the outbox copies of its mails and invites (by Message-ID) and of its SMS (by request id), and
 * its uploaded files (by storage key).
 */
export interface LeadCopies {
  mailMessageIds: string[];
  smsIds: string[];
  fileKeys: string[];
}

/** The copies of the lead's streams (the lead's own and every stream naming it). */
export async function findLeadCopies(store: EventStore, leadId: string, streamIds: readonly string[]): Promise<LeadCopies> {
  const copies: LeadCopies = { mailMessageIds: [], smsIds: [], fileKeys: [] };
  for (const streamId of streamIds) {
    const fileId = fileIdOfStream(streamId);
    // The key the upload route chose (upload.routes.ts); the event's own copy of it is redacted.
    if (fileId) copies.fileKeys.push(fileKey(leadId, fileId));
    for (const event of await store.readStream(streamId)) {
      if (event.type === "EmailRequested" || event.type === "InviteRequested") copies.mailMessageIds.push(mailMessageId(event.eventId));
      else if (event.type === "SmsRequested") copies.smsIds.push(event.eventId);
    }
  }
  return copies;
}

/**
 * Deletes a lead's copies: its outbox files under DATA_DIR (whichever transport is configured now,
 * an earlier one may have written them) and its objects in the file storage.
 */
export function copyRemover(dataDir: string, storage: FileStorage): (copies: LeadCopies) => Promise<void> {
  return async ({ mailMessageIds, smsIds, fileKeys }) => {
    for (const id of mailMessageIds) await rm(outboxMailFile(mailOutboxFolder(dataDir), id), { force: true });
    for (const id of smsIds) await rm(outboxSmsFile(smsOutboxFolder(dataDir), id), { force: true });
    for (const key of fileKeys) await storage.delete(key);
  };
}
