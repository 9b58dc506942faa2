import { fromAddress } from "@crm/contracts/settings/state";

/** An email ready to leave: both bodies composed, user text already escaped in the HTML. */
export interface OutgoingMail {
  to: string;
  /** Copies (an invite's organising colleague, so it lands in their calendar too). */
  cc?: string[];
  /** The From display name (the agency's sender name); the address stays MAIL_FROM's. Without it, MAIL_FROM as it is. */
  fromName?: string;
  /** Where replies go (the agency's reply-to); without it, to the From address. */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per request, so a resend after a crash carries the same Message-ID. */
  messageId: string;
  /** A reply in a thread: the Message-ID it answers (In-Reply-To) and the thread's ids, oldest first (References). */
  inReplyTo?: string;
  references?: string[];
  /** An iCalendar object sent as text/calendar with its METHOD (REQUEST or CANCEL). */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** Resolves when the mail is accepted (by the SMTP server, or written to the outbox). */
  send(mail: OutgoingMail): Promise<{ providerMessageId: string }>;
  close(): void;
}

/**
 * The nodemailer message for a mail: HTML, text and the invite. nodemailer's icalEvent alone makes
 * both the text/calendar alternative (what Gmail and Outlook act on) and one invite.ics attachment
 * (for clients that only offer attachments): adding an attachment of our own sent it twice more.
 */
export function toNodemailerMessage(from: string, mail: OutgoingMail) {
  const calendar = mail.calendar;
  return {
    // nodemailer quotes and encodes the name; the address is MAIL_FROM's whatever the name.
    from: mail.fromName ? { name: mail.fromName, address: fromAddress(from) } : from,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    to: mail.to,
    ...(mail.cc && mail.cc.length > 0 ? { cc: mail.cc } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references && mail.references.length > 0 ? { references: mail.references } : {}),
    ...(calendar ? { icalEvent: { method: calendar.method, content: calendar.content, filename: "invite.ics" } } : {}),
  };
}

/** True for errors that a retry cannot fix (a 5xx SMTP reply such as an unknown mailbox). */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
