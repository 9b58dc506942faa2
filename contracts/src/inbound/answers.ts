/**
 * What the read API answers about inbound mail (the unmatched inbox, a lead's conversation) and the
 * assign command's body. Answers are written with zod/mini (tree-shakable, a few KB) so the browser
 * can parse them cheaply; this module imports no zod classic (the events, in events.ts, do).
 */
import { z } from "zod/mini";

/** Where an inbound message stands: matched by the intake, waiting in the inbox, or put on a lead by a colleague. */
export const INBOUND_STATUSES = ["matched", "unmatched", "assigned"] as const;
export const INBOUND_KINDS = ["message", "bounce", "rsvp"] as const;

/** How a screen names a kind of inbound mail. */
export const inboundKindLabel = (kind: (typeof INBOUND_KINDS)[number] | string) =>
  kind === "bounce" ? "delivery report" : kind === "rsvp" ? "meeting answer" : "message";

/** A file that came with a message, as the read model keeps it (the storage key never leaves the server). */
export interface InboundAttachmentAnswer {
  fileId: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** The download path of an inbound message's file (GET, staff only). */
export const inboundAttachmentPath = (inboundId: string, fileId: string) => `/api/inbound/${inboundId}/attachments/${fileId}`;

export const InboundAttachmentLink = z.object({
  fileId: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.int(),
  /** Where the browser downloads it: inboundAttachmentPath. */
  url: z.string(),
});
export type InboundAttachmentLink = z.infer<typeof InboundAttachmentLink>;

/** One message of the unmatched inbox (GET /api/inbox). */
export const InboxMessage = z.object({
  id: z.uuid(),
  kind: z.enum(INBOUND_KINDS),
  fromAddress: z.string(),
  fromName: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
  receivedAt: z.string(),
  attachments: z.array(InboundAttachmentLink),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxAnswer = z.array(InboxMessage);

export const CONVERSATION_DIRECTIONS = ["in", "out"] as const;

/**
 * One mail of a lead's conversation (GET /api/leads/:id/conversation), in time order: what came in
 * (direction "in", status matched or assigned) and what we sent (direction "out", status queued,
 * sent or failed).
 */
export const ConversationEntry = z.object({
  id: z.uuid(),
  direction: z.enum(CONVERSATION_DIRECTIONS),
  kind: z.string(),
  fromAddress: z.string(),
  fromName: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  at: z.string(),
  status: z.string(),
  attachments: z.array(InboundAttachmentLink),
});
export type ConversationEntry = z.infer<typeof ConversationEntry>;

export const ConversationAnswer = z.array(ConversationEntry);

/** Body of POST /api/inbox/{id}/assign: the lead an unmatched message belongs to. */
export const AssignInboundBody = z.strictObject({
  leadId: z.uuid({ error: "Choose the lead this message belongs to" }),
});
export type AssignInboundBody = z.infer<typeof AssignInboundBody>;

/** What the assign command answers: the message's stream position, and the lead it now belongs to. */
export const InboundAssignedAnswer = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  version: z.int(),
  position: z.string(),
});
export type InboundAssignedAnswer = z.infer<typeof InboundAssignedAnswer>;
