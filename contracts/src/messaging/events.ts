import { z } from "zod";
import { FormTypeSchema } from "./commands.ts";

export const EMAIL_KINDS = ["message", "form", "invite"] as const;
const EmailKind = z.enum(EMAIL_KINDS);

/** A composed email waiting for the mail reactor; the event id is its delivery idempotency key. */
export const EmailRequested = z.object({
  messageId: z.uuid(),
  leadId: z.uuid(),
  kind: EmailKind,
  formType: z.nullable(FormTypeSchema),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** A reply in a thread (contracts/src/inbound/reply.ts): the Message-ID answered, sent as In-Reply-To. */
  inReplyTo: z.string().optional(),
  /** The thread's Message-IDs, oldest first, sent as References. */
  references: z.array(z.string()).optional(),
});

export const SmsRequested = z.object({
  messageId: z.uuid(),
  leadId: z.uuid(),
  to: z.string(),
  body: z.string(),
});

/** Outcomes, appended by a reactor on the request's stream; requestId is the request's event id. */
export const EmailSent = z.object({
  requestId: z.uuid(),
  leadId: z.uuid(),
  kind: EmailKind,
  to: z.string(),
  subject: z.string(),
  transport: z.enum(["smtp", "outbox"]),
  providerMessageId: z.string().nullable(),
  attempts: z.number().int().positive(),
});

export const EmailFailed = z.object({
  requestId: z.uuid(),
  leadId: z.uuid(),
  kind: EmailKind,
  to: z.string(),
  subject: z.string(),
  error: z.string(),
  attempts: z.number().int().positive(),
});

export const SmsSent = z.object({
  requestId: z.uuid(),
  leadId: z.uuid(),
  to: z.string(),
  preview: z.string(),
  transport: z.enum(["twilio", "outbox"]),
  providerMessageId: z.string().nullable(),
  attempts: z.number().int().positive(),
});

export const SmsFailed = z.object({
  requestId: z.uuid(),
  leadId: z.uuid(),
  to: z.string(),
  preview: z.string(),
  error: z.string(),
  attempts: z.number().int().positive(),
});

export const messagingEvents = { EmailRequested, SmsRequested, EmailSent, EmailFailed, SmsSent, SmsFailed } as const;

/** The event types that record a delivery outcome. */
export const OUTCOME_EVENT_TYPES = ["EmailSent", "EmailFailed", "SmsSent", "SmsFailed"] as const;
