/**
 * What the intake paths (the SMTP listener, the IMAP poller) hand a message to: its raw bytes as they
 * arrived, and which path brought them. The sink records it once (command-service/src/inbound) and
 * says what became of it; the path acknowledges the message (250 to the sending server, or a flag
 * on the IMAP message) only after the sink resolved, so a crash in between brings it again, and the
 * sink's idempotency on the Message-ID makes that harmless.
 */
export type InboundChannel = "smtp" | "imap";

/** recorded: new; duplicate: already recorded; discarded: kept without content (an erased lead). */
export type InboundOutcome = "recorded" | "duplicate" | "discarded";

export type InboundSink = (raw: Buffer, channel: InboundChannel) => Promise<InboundOutcome>;

/** A part of the message the intake keeps or reads: a file, a calendar answer, a delivery report. */
export interface InboundPart {
  /** The file name as sent; null when the part has none. */
  filename: string | null;
  /** The MIME type with no parameters, lower case ("text/calendar", "message/delivery-status"). */
  contentType: string;
  /** Parameters of the Content-Type, lower-case names ("method" for a calendar part). */
  params: Readonly<Record<string, string>>;
  content: Buffer;
}

/**
 * A message as the intake reads it (infra/src/mail/parse-inbound.ts, mailparser underneath): the
 * headers it matches and threads by, the text, and every non-body part (attachments, text/calendar,
 * the parts of a delivery report), so that nothing downstream depends on the parser's types.
 */
export interface ParsedInbound {
  /** The Message-ID header as sent, with its angle brackets; null when the message has none. */
  messageId: string | null;
  from: { address: string; name: string } | null;
  /** Every address in To and Cc, lower case. */
  to: string[];
  /** Delivered-To / X-Original-To / the SMTP envelope's recipients where known, lower case. */
  envelopeTo: string[];
  subject: string;
  /** The plain text (the HTML's text when the message has no text part). */
  text: string;
  /** The Date header, ISO; null when absent or unreadable. */
  date: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The top-level Content-Type ("multipart/report" for a delivery report) and its report-type, if any. */
  contentType: string;
  reportType: string | null;
  parts: InboundPart[];
}
