import { inboundStreamId } from "@crm/contracts/inbound/stream";
import { leadIdOfReplyAddress } from "@crm/contracts/inbound/reply-address";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { meetingIdOfUid } from "@crm/contracts/meeting/calendar-text";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { ParsedInbound } from "@crm/infra/mail/inbound";
import { requestIdOfMessageId } from "../reactors/mail.reactor.ts";
import type { InboundKind } from "./classify.ts";
import { messageIdDigest } from "./inbound-ids.ts";

export type LeadMatch = { leadId: string; matchedBy: "address" | "thread" } | { leadId: null; matchedBy: "none" };

const leadExists = async (store: EventStore, leadId: string) => (await store.readStream(leadStreamId(leadId))).length > 0;

/** The lead of a mail we sent, by its request event (EmailRequested or InviteRequested carry it). */
async function leadOfOurMail(store: EventStore, messageId: string): Promise<string | undefined> {
  const eventId = requestIdOfMessageId(messageId);
  if (!eventId) return undefined;
  const request = await store.readEvent(eventId);
  return request?.type === "EmailRequested" || request?.type === "InviteRequested" ? request.data.leadId : undefined;
}

/** The lead of a message we received earlier in the thread: where it was matched, or assigned since. */
async function leadOfReceived(store: EventStore, messageId: string): Promise<string | undefined> {
  const events = await store.readStream(inboundStreamId(messageIdDigest(messageId)));
  let leadId: string | undefined;
  for (const event of events) {
    if (event.type === "InboundEmailReceived" && event.data.leadId) leadId = event.data.leadId;
    if (event.type === "InboundEmailAssigned") leadId = event.data.leadId;
  }
  return leadId;
}

/** The lead of the meeting an RSVP answers (its UID is {meetingId}@agency-crm). */
async function leadOfMeeting(store: EventStore, uid: string): Promise<string | undefined> {
  const meetingId = meetingIdOfUid(uid);
  if (!meetingId) return undefined;
  const leadId = ((await store.readStream(meetingStreamId(meetingId)))[0]?.data as { leadId?: unknown } | undefined)?.leadId;
  return typeof leadId === "string" ? leadId : undefined;
}

/**
 * The lead a message is for (docs/product.md, "Replies"): (a) a recipient that is a lead's reply
 * address; else (b) the thread: the invite an RSVP answers, the mail a bounce returns, In-Reply-To,
 * then References from the newest, each naming a mail we sent or a message already on a lead;
 * else none (the unmatched inbox). An address naming no lead counts as none.
 */
export async function matchLead(store: EventStore, inboundAddress: string, mail: ParsedInbound, kind: InboundKind): Promise<LeadMatch> {
  for (const address of [...mail.envelopeTo, ...mail.to]) {
    const leadId = leadIdOfReplyAddress(inboundAddress, address);
    if (leadId && (await leadExists(store, leadId))) return { leadId, matchedBy: "address" };
  }
  if (kind.kind === "rsvp") {
    const leadId = await leadOfMeeting(store, kind.rsvp.uid);
    if (leadId) return { leadId, matchedBy: "thread" };
  }
  const thread = [
    ...(kind.kind === "bounce" && kind.bounce.originalMessageId ? [kind.bounce.originalMessageId] : []),
    ...(mail.inReplyTo ? [mail.inReplyTo] : []),
    ...[...mail.references].reverse(),
  ];
  for (const messageId of new Set(thread)) {
    const leadId = (await leadOfOurMail(store, messageId)) ?? (await leadOfReceived(store, messageId));
    if (leadId && (await leadExists(store, leadId))) return { leadId, matchedBy: "thread" };
  }
  return { leadId: null, matchedBy: "none" };
}
