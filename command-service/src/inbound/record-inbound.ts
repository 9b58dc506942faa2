import { Readable } from "node:stream";
import type { z } from "zod";
import type { DomainEvent } from "@crm/contracts/events/registry";
import type { InboundAttachment } from "@crm/contracts/inbound/events";
import { INBOUND_SUBJECT_MAX_CHARS, INBOUND_TEXT_MAX_CHARS } from "@crm/contracts/inbound/limits";
import { inboundStreamId } from "@crm/contracts/inbound/stream";
import { StreamVersionConflictError, type EventStore } from "@crm/infra/event-store/event-store";
import type { InboundChannel, InboundOutcome, InboundSink, ParsedInbound } from "@crm/infra/mail/inbound";
import { parseInbound } from "@crm/infra/mail/parse-inbound";
import { fileKey, type FileStorage } from "@crm/infra/storage/file-storage";
import { receiveUpload } from "@crm/infra/storage/upload";
import { isLeadErased } from "../messaging/load-lead.ts";
import { classifyInbound, type InboundKind } from "./classify.ts";
import { inboundFileIdOf, inboundIdOf, inboxFileKey, messageIdDigest, rawDigest } from "./inbound-ids.ts";
import { matchLead, type LeadMatch } from "./match-lead.ts";

export interface InboundSinkDeps {
  store: EventStore;
  storage: FileStorage;
  /** INBOUND_ADDRESS: whose sub-addresses name leads. */
  inboundAddress: string;
  now: () => Date;
  /** Where a refused attachment is told (it is left out; the message is still recorded). */
  log?: (message: string, error?: unknown) => void;
}

type Attachment = z.infer<typeof InboundAttachment>;

/** Postgres's jsonb takes no NUL character, and no free text of a message needs one. */
const clean = (value: string, max = Infinity) => value.replaceAll("\u0000", "").slice(0, max);

/** Control characters, removed from file names. */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A file name as shown: the last path segment, no control characters, at most 255 characters. */
function fileName(name: string | null, index: number): string {
  const base = (name ?? "").split(/[/\\]/).pop()!.replace(CONTROL, "").trim();
  return (base || `attachment-${index + 1}`).slice(0, 255);
}

/**
 * The files of a message (not of a bounce or an RSVP, whose parts are reports and calendar data):
 * each is checked as an upload of an attachment is (type sniffed from its bytes, size limit), under
 * the lead's folder or the inbox, with an id derived from the message and the part's place, so a
 * retry overwrites the same object. A refused part is left out and does not refuse the message.
 */
async function storeAttachments(deps: InboundSinkDeps, mail: ParsedInbound, digest: string, leadId: string | null): Promise<Attachment[]> {
  const stored: Attachment[] = [];
  for (const [index, part] of mail.parts.entries()) {
    const fileId = inboundFileIdOf(digest, index);
    const key = leadId ? fileKey(leadId, fileId) : inboxFileKey(fileId);
    try {
      const received = await receiveUpload(Readable.from([part.content]), "attachment", deps.storage, key);
      stored.push({ fileId, key, name: clean(fileName(part.filename, index)), contentType: received.contentType, size: received.size });
    } catch (error) {
      deps.log?.(`An inbound attachment (${part.contentType}) was left out`, error);
    }
  }
  return stored;
}

/** Appends the message's one event on its own new stream; the store refuses a second: a duplicate. */
async function appendOnce(deps: InboundSinkDeps, digest: string, event: DomainEvent): Promise<boolean> {
  const commandId = `inbound-${digest}`;
  const metadata = { actor: "system", at: deps.now().toISOString(), commandId, correlationId: commandId };
  try {
    const result = await deps.store.append(inboundStreamId(digest), 0, [event], { commandId, metadata });
    return !result.duplicate;
  } catch (error) {
    if (error instanceof StreamVersionConflictError) return false;
    throw error;
  }
}

function receivedEvent(
  mail: ParsedInbound,
  ids: { inboundId: string; messageId: string; channel: InboundChannel },
  kind: InboundKind,
  match: LeadMatch,
  attachments: Attachment[],
  now: Date,
): DomainEvent {
  return {
    type: "InboundEmailReceived",
    data: {
      ...ids,
      kind: kind.kind,
      leadId: match.leadId,
      matchedBy: match.matchedBy,
      from: mail.from ? { address: clean(mail.from.address), name: clean(mail.from.name) } : { address: "", name: "" },
      to: (mail.to.length > 0 ? mail.to : mail.envelopeTo).map((address) => clean(address)),
      subject: clean(mail.subject, INBOUND_SUBJECT_MAX_CHARS),
      text: clean(mail.text, INBOUND_TEXT_MAX_CHARS),
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      sentAt: mail.date ?? now.toISOString(),
      attachments,
      bounce: kind.kind === "bounce" ? kind.bounce : null,
      rsvp: kind.kind === "rsvp" ? kind.rsvp : null,
    },
  };
}

/**
 * The intake's sink (infra/src/mail/inbound.ts): parse, classify, match to a lead, and record the
 * message once, as InboundEmailReceived on the stream its Message-ID names. A message for an erased
 * lead is recorded as InboundEmailDiscarded only, with nothing of its content (decisions/039).
 * Whichever path brings a message and however often, it is one event: "duplicate" after the first.
 */
export function createInboundSink(deps: InboundSinkDeps): InboundSink {
  return async (raw: Buffer, channel: InboundChannel): Promise<InboundOutcome> => {
    const mail = await parseInbound(raw);
    const digest = mail.messageId ? messageIdDigest(mail.messageId) : rawDigest(raw);
    // A redelivery stores no files again: the stream already says what became of the message.
    if ((await deps.store.readStream(inboundStreamId(digest))).length > 0) return "duplicate";
    const ids = { inboundId: inboundIdOf(digest), messageId: clean(mail.messageId ?? `<${digest}@inbound.agency-crm>`), channel };
    const kind = classifyInbound(mail);
    const match = await matchLead(deps.store, deps.inboundAddress, mail, kind);
    if (match.leadId && (await isLeadErased(deps.store, match.leadId))) {
      const discarded: DomainEvent = { type: "InboundEmailDiscarded", data: { ...ids, leadId: match.leadId, reason: "lead erased" } };
      return (await appendOnce(deps, digest, discarded)) ? "discarded" : "duplicate";
    }
    const attachments = kind.kind === "message" ? await storeAttachments(deps, mail, digest, match.leadId) : [];
    const recorded = await appendOnce(deps, digest, receivedEvent(mail, ids, kind, match, attachments, deps.now()));
    return recorded ? "recorded" : "duplicate";
  };
}
