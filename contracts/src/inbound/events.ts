import { z } from "zod";

/** How a message came in (docs/product.md, "Replies"): the SMTP listener or the polled IMAP mailbox. */
export const INBOUND_CHANNELS = ["smtp", "imap"] as const;
const Channel = z.enum(INBOUND_CHANNELS);

/**
 * How a message was matched to its lead: its To (the lead's reply address), its In-Reply-To or
 * References (a mail we sent), or not at all (it waits in the unmatched inbox for a colleague).
 */
export const INBOUND_MATCHES = ["address", "thread", "none"] as const;

const Address = z.object({ address: z.string(), name: z.string() });

/** A file that came with a message, kept in file storage under the lead (leads/{leadId}/{fileId}) or the inbox. */
export const InboundAttachment = z.object({
  fileId: z.uuid(),
  key: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});

/**
 * A message a client sent in (a reply, or a new message to a lead's reply address), on its own stream
 * named by its Message-ID (inboundStreamId): recording it twice is refused by the store, so a
 * restart in the middle of intake neither loses nor duplicates it. leadId is null while unmatched.
 * Bounces and RSVPs are recorded here too (kind), then acted on: LeadEmailBounced, MeetingRsvpReceived.
 */
/** A delivery status notification (RFC 3464) about a mail we sent: who could not be reached, and why. */
export const InboundBounce = z.object({
  /** The address that failed (Final-Recipient, else Original-Recipient). */
  recipient: z.string(),
  /** The DSN status, e.g. "5.1.1"; a 4.x.x is a delay, not a bounce, and is recorded but not acted on. */
  status: z.string(),
  /** Diagnostic-Code, else the Action and status, as a person can read it. */
  reason: z.string(),
  /** The Message-ID of our mail that bounced, from the report's returned headers; null when it sent none back. */
  originalMessageId: z.string().nullable(),
});

/** An iTIP REPLY (RFC 5546) to one of our invites: whose answer, and which. */
export const InboundRsvp = z.object({
  /** The invite's UID ({meetingId}@agency-crm). */
  uid: z.string(),
  attendee: z.string(),
  response: z.enum(["accepted", "declined", "tentative"]),
  /** The SEQUENCE the attendee answered. */
  sequence: z.number().int().nonnegative(),
});

export const InboundEmailReceived = z.object({
  inboundId: z.uuid(),
  /** The Message-ID header as sent (with its angle brackets), or one we derived from the bytes when it had none. */
  messageId: z.string(),
  channel: Channel,
  kind: z.enum(["message", "bounce", "rsvp"]),
  leadId: z.uuid().nullable(),
  matchedBy: z.enum(INBOUND_MATCHES),
  from: Address,
  to: z.array(z.string()),
  subject: z.string(),
  /** The plain text of the message (mailparser's text, or the HTML's text); no HTML is kept. */
  text: z.string(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  /** When the sender's server says it was sent (Date header), else when we received it. */
  sentAt: z.string(),
  attachments: z.array(InboundAttachment),
  /** Set when kind is "bounce" (an inbound reactor then marks the address undeliverable: LeadEmailBounced). */
  bounce: InboundBounce.nullable(),
  /** Set when kind is "rsvp" (an inbound reactor then records the answer on the meeting: MeetingRsvpReceived). */
  rsvp: InboundRsvp.nullable(),
});

/**
 * A message for a lead whose personal data was erased: only that it came and was dropped is kept,
 * never its sender, subject, text or files (decisions/039).
 */
export const InboundEmailDiscarded = z.object({
  inboundId: z.uuid(),
  messageId: z.string(),
  channel: Channel,
  leadId: z.uuid(),
  reason: z.literal("lead erased"),
});

/** A colleague put an unmatched message on a lead's timeline. */
export const InboundEmailAssigned = z.object({
  inboundId: z.uuid(),
  leadId: z.uuid(),
});

export const inboundEvents = { InboundEmailReceived, InboundEmailDiscarded, InboundEmailAssigned } as const;
