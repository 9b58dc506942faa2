/**
 * Answering an inbound message in its thread (docs/product.md, "Replies"): the reply's subject and
 * the headers that let the client's mail program put it under the message it answers (RFC 5322,
 * 3.6.4). Pure, so the route that sends the reply and the dialog that shows it agree.
 */

/** At most this many Message-IDs in References: the first of the thread and the newest ones. */
const MAX_REFERENCES = 20;

const REPLY_PREFIX = /^\s*re\s*:/i;

/** "Re: {subject}", once: a subject that already starts with "Re:" (any case) is kept as it is. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  if (REPLY_PREFIX.test(trimmed)) return trimmed;
  return trimmed === "" ? "Re:" : `Re: ${trimmed}`;
}

export interface ThreadedReply {
  subject: string;
  /** The Message-ID answered. */
  inReplyTo: string;
  /** The thread, oldest first, ending with the Message-ID answered. */
  references: string[];
}

/**
 * The subject, In-Reply-To and References of a reply to a received message (an InboundEmailReceived's
 * data): its References (else its In-Reply-To) followed by its own Message-ID, without repeats, kept
 * to the thread's first id and its newest ones.
 */
export function replyTo(received: {
  messageId: string;
  subject: string;
  inReplyTo: string | null;
  references: readonly string[];
}): ThreadedReply {
  const parents = received.references.length > 0 ? received.references : received.inReplyTo ? [received.inReplyTo] : [];
  const thread = [...new Set([...parents, received.messageId])];
  const references = thread.length > MAX_REFERENCES ? [thread[0]!, ...thread.slice(thread.length - (MAX_REFERENCES - 1))] : thread;
  return { subject: replySubject(received.subject), inReplyTo: received.messageId, references };
}
