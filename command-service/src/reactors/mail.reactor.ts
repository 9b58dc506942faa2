import type { EventOf, RecordedEvent } from "@crm/contracts/events/registry";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { isPermanentMailError, type Mailer, type OutgoingMail } from "@crm/infra/mail/mailer";
import type { Reactor } from "@crm/infra/reactor/reactor-runner";
import { reasonOf, withRetry, type RetryPolicy } from "@crm/infra/reactor/retry";
import { composeInviteEmail } from "../meeting/invite-email.ts";
import { meetingDecider } from "../meeting/meeting.decider.ts";
import { LEAD_ERASED } from "@crm/contracts/erasure/lead-erased";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { isLeadErased, loadOpenLead } from "../messaging/load-lead.ts";
import { fromAddress } from "../messaging/templates/layout.ts";
import { mailBrand } from "../settings/mail-brand.ts";
import { foldRecorded } from "../core/decider.ts";
import { alreadyDone, recordAttempt, recordOutcome } from "./record-outcome.ts";

export interface MailReactorDeps {
  store: EventStore;
  mailer: Mailer;
  mailFrom: string;
  /** Where the agency's logo is served from, for the invites' header; none without it. */
  publicUrl?: string | undefined;
  /**
   * The agency's inbound address (INBOUND_ADDRESS): with it, mail about a lead replies to the lead's
   * reply address, and an invite names it as ORGANIZER, so answers and RSVPs come home (issue 33).
   */
  inboundAddress?: string | undefined;
  now: () => Date;
  retry: RetryPolicy;
}

/**
 * The agency's brand and the colleague who asked for the mail (its From name, Reply-To, signature
 * and time zone), as the settings and their profile stood at the request: the same on every attempt
 * and every redelivery.
 */
const brandAt = (deps: MailReactorDeps, event: RecordedEvent) =>
  mailBrand({ ...deps, publicUrl: deps.publicUrl }, event.position, event.metadata.actor);

type Kind = EventOf<"EmailSent">["data"]["kind"];

/** The Message-ID of the mail a request event asks for: the same on every attempt and every redelivery. */
export const mailMessageId = (requestEventId: string) => `<${requestEventId}@agency-crm>`;

const OUR_MESSAGE_ID = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@agency-crm>$/i;

/** The request event a Message-ID of ours names (a reply's In-Reply-To, say); undefined for anyone else's. */
export const requestIdOfMessageId = (messageId: string): string | undefined => OUR_MESSAGE_ID.exec(messageId.trim())?.[1]?.toLowerCase();
const messageIdOf = (event: RecordedEvent) => mailMessageId(event.eventId);

/** Where the lead's answers go: their reply address under INBOUND_ADDRESS; undefined without one. */
const replyAddressOf = (deps: MailReactorDeps, leadId: string) =>
  deps.inboundAddress ? leadReplyAddress(deps.inboundAddress, leadId) : undefined;

const recipientName = (store: EventStore, leadId: string) =>
  loadOpenLead(store, leadId).then(
    (lead) => lead.details.name,
    () => null,
  );

/**
 * The invite as the meeting stood at the request (later changes send their own invite), from the
 * colleague who scheduled it: the meeting's createdBy, not the request's actor (an invite the
 * calendar reactor asks for once a Google Meet exists has the reactor as its actor). It goes to the
 * lead and, as a copy, to that colleague, both attendees of the one event: one mail, one outcome.
 */
async function inviteMail(deps: MailReactorDeps, event: RecordedEvent & { type: "InviteRequested" }): Promise<OutgoingMail> {
  const history = (await deps.store.readStream(event.streamId)).filter((e) => e.streamVersion <= event.streamVersion);
  const meeting = foldRecorded(meetingDecider, history);
  if (meeting.status === "none") throw new Error(`Invite for meeting ${event.data.meetingId}, which has no events`);
  const { brand, sender, person, timeZone } = await mailBrand({ ...deps, publicUrl: deps.publicUrl }, event.position, meeting.createdBy);
  // Replies (RSVPs) go to the ORGANIZER: the lead's reply address with INBOUND_ADDRESS, else the
  // settings' reply-to when set (mailBrand's replyTo unless it fell back to the colleague's own
  // address), else MAIL_FROM. The colleague is an attendee instead: a calendar that found itself the
  // organizer would not add the event.
  const replyAddress = replyAddressOf(deps, event.data.leadId);
  const settingsReplyTo = sender.replyTo && sender.replyTo !== person?.email ? sender.replyTo : undefined;
  const mail = composeInviteEmail(meeting, {
    brand,
    organizer: { name: sender.fromName ?? brand.name, email: replyAddress ?? settingsReplyTo ?? fromAddress(deps.mailFrom) },
    colleague: person && { name: person.name, email: person.email, signature: person.signature },
    recipientName: await recipientName(deps.store, event.data.leadId),
    to: event.data.to,
    method: event.data.method,
    sequence: event.data.sequence,
    timeZone: person?.timeZone ?? timeZone,
    now: deps.now().toISOString(),
    messageId: messageIdOf(event),
  });
  return { ...mail, ...sender, ...(replyAddress ? { replyTo: replyAddress } : {}) };
}

async function composed(deps: MailReactorDeps, event: RecordedEvent): Promise<{ mail: OutgoingMail; kind: Kind; leadId: string }> {
  if (event.type !== "InviteRequested" && event.type !== "EmailRequested")
    throw new Error(`The mail reactor does not handle ${event.type}`);
  // A request still waiting when its lead was erased is not sent (decisions/039): it fails as uncomposable.
  if (await isLeadErased(deps.store, event.data.leadId)) throw new Error(LEAD_ERASED);
  if (event.type === "InviteRequested") return { mail: await inviteMail(deps, event), kind: "invite", leadId: event.data.leadId };
  const { sender } = await brandAt(deps, event);
  const { to, subject, html, text, kind, leadId, inReplyTo, references } = event.data;
  const replyAddress = replyAddressOf(deps, leadId);
  const thread = { ...(inReplyTo ? { inReplyTo } : {}), ...(references ? { references } : {}) };
  const mail: OutgoingMail = {
    to,
    subject,
    html,
    text,
    messageId: messageIdOf(event),
    ...sender,
    ...(replyAddress ? { replyTo: replyAddress } : {}),
    ...thread,
  };
  return { mail, kind, leadId };
}

/** A request that cannot be turned into a mail fails at once, rather than blocking every mail after it. */
async function recordUncomposable(deps: MailReactorDeps, event: RecordedEvent, error: unknown) {
  if (event.type !== "InviteRequested" && event.type !== "EmailRequested") return;
  const d = event.data;
  const subject = "subject" in d ? d.subject : "Meeting invitation";
  const kind: Kind = event.type === "InviteRequested" ? "invite" : event.data.kind;
  const data = {
    requestId: event.eventId,
    leadId: d.leadId,
    kind,
    to: d.to,
    subject,
    error: `Could not compose the mail: ${reasonOf(error)}`,
    attempts: 1,
  };
  await recordOutcome(deps.store, event, { type: "EmailFailed", data }, deps.now);
}

/** Sends requested emails and invites; appends EmailSent or, after the last attempt, EmailFailed. */
export function mailReactor(deps: MailReactorDeps): Reactor {
  return {
    name: "mail",
    types: ["EmailRequested", "InviteRequested"],
    async handle(event) {
      if (await alreadyDone(deps.store, "outcome", event)) return;
      const made = await composed(deps, event).catch((error: unknown) => ({ error }));
      if ("error" in made) return recordUncomposable(deps, event, made.error);
      const { mail, kind, leadId } = made;
      const result = await withRetry(() => deps.mailer.send(mail), deps.retry, isPermanentMailError);
      const common = { requestId: event.eventId, leadId, kind, to: mail.to, subject: mail.subject, attempts: result.attempts };
      await recordAttempt(
        deps,
        event,
        result,
        (providerMessageId) => ({ type: "EmailSent", data: { ...common, transport: deps.mailer.transport, providerMessageId } }),
        (error) => ({ type: "EmailFailed", data: { ...common, error } }),
      );
    },
  };
}
