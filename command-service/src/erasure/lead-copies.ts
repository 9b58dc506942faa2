import { rm } from "node:fs/promises";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { mailOutboxFolder, outboxMailFile } from "@crm/infra/mail/outbox-mailer";
import { outboxSmsFile, smsOutboxFolder } from "@crm/infra/sms/outbox-sms-sender";
import { leadFilesPrefix, type FileStorage } from "@crm/infra/storage/file-storage";
import { inboxFileKey } from "../inbound/inbound-ids.ts";
import { mailMessageId } from "../reactors/mail.reactor.ts";

/**
 * What of a lead lives outside the event store: the outbox copies of its mails and invites (by
 * Message-ID) and of its SMS (by request id), named by ids its events keep after the redaction, its
 * uploaded files, all in the lead's folder of the file storage, and the files of messages that came
 * in unmatched and were assigned to it later, which stay where the inbox put them.
 */
export interface LeadCopies {
  leadId: string;
  mailMessageIds: string[];
  smsIds: string[];
  /** Storage keys outside the lead's folder: the inbox's place for each file of a message on the lead (absent unless it came unmatched). */
  fileKeys: string[];
}

/** The copies of the lead's streams (the lead's own and every stream naming it). */
export async function findLeadCopies(store: EventStore, leadId: string, streamIds: readonly string[]): Promise<LeadCopies> {
  const copies: LeadCopies = { leadId, mailMessageIds: [], smsIds: [], fileKeys: [] };
  for (const streamId of streamIds) {
    for (const event of await store.readStream(streamId)) {
      if (event.type === "EmailRequested" || event.type === "InviteRequested") copies.mailMessageIds.push(mailMessageId(event.eventId));
      else if (event.type === "SmsRequested") copies.smsIds.push(event.eventId);
      // By the file id, which the redaction keeps (the key is free text to it): where the inbox put it.
      else if (event.type === "InboundEmailReceived")
        copies.fileKeys.push(...event.data.attachments.map((file) => inboxFileKey(file.fileId)));
    }
  }
  return copies;
}

/**
 * Deletes a lead's copies: its outbox files under DATA_DIR (whichever transport is configured now,
 * an earlier one may have written them), the files of messages assigned to it from the inbox, and
 * its folder in the file storage (every key the upload route chose for it, fileKey(), recorded or
 * not, unfinished uploads included).
 */
export function copyRemover(dataDir: string, storage: FileStorage): (copies: LeadCopies) => Promise<void> {
  return async ({ leadId, mailMessageIds, smsIds, fileKeys }) => {
    for (const id of mailMessageIds) await rm(outboxMailFile(mailOutboxFolder(dataDir), id), { force: true });
    for (const id of smsIds) await rm(outboxSmsFile(smsOutboxFolder(dataDir), id), { force: true });
    for (const key of fileKeys) await storage.delete(key);
    await storage.deletePrefix(leadFilesPrefix(leadId));
  };
}
