import type { InboundAttachmentAnswer } from "../inbound/answers.ts";
import { integer, jsonb, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/**
 * One row per message that came in (InboundEmailReceived): the unmatched inbox reads those with no
 * lead, a lead's conversation those on the lead. status is "matched" (the intake found the lead),
 * "unmatched" (waiting in the inbox) or "assigned" (a colleague put it on a lead).
 */
export const inboundEmails = table("inbound_emails", {
  id: uuid().primaryKey(),
  /** The message's stream (inboundStreamId): where the assign command and a reply load it from. */
  stream_id: text(),
  lead_id: uuid().nullable(),
  message_id: text(),
  kind: text(),
  from_address: text(),
  from_name: text(),
  to_addresses: jsonb().as<string[]>(),
  subject: text(),
  text: text(),
  sent_at: timestamptz(),
  attachments: jsonb().as<InboundAttachmentAnswer[]>(),
  in_reply_to: text().nullable(),
  status: text(),
  received_at: timestamptz(),
  position: text().collate("C"),
});

/**
 * One row per mail we asked to send a lead (EmailRequested), with its outcome: the outgoing half of
 * the lead's conversation. status is "queued", "sent" or "failed".
 */
export const outboundEmails = table("outbound_emails", {
  id: uuid().primaryKey(),
  lead_id: uuid(),
  kind: text(),
  to_address: text(),
  subject: text(),
  text: text(),
  status: text(),
  requested_at: timestamptz(),
  requested_by: text(),
  version: integer(),
});

export type InboundEmailRow = RowOf<typeof inboundEmails>;
export type OutboundEmailRow = RowOf<typeof outboundEmails>;

/** The tables of the inbound read model. */
export const INBOUND_TABLES = [inboundEmails, outboundEmails] as const;
