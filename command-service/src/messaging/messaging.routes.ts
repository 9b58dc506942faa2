import type { Request, Response } from "express";
import { ConflictError, ValidationError } from "@crm/contracts/api/errors";
import { replyTo } from "@crm/contracts/inbound/reply";
import { LeadIdParam } from "@crm/contracts/api/params";
import { LeadMessageAccepted } from "@crm/contracts/messaging/accepted";
import { SendEmailCompatBody, SendFormBody, SendLeadEmailBody, SendSmsBody } from "@crm/contracts/messaging/commands";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { normalizePhone } from "@crm/infra/sms/sms-sender";
import { handleCommand } from "../core/command-handler.ts";
import { issueClientLink } from "../client-link/issue-client-link.ts";
import { actorOf, commandOptions, type CommandDeps } from "../core/command-context.ts";
import { loadInbound } from "../inbound/inbound-lookup.ts";
import { refuseUndeliverable } from "../lead/lead.decider.ts";
import { loadOpenLead, type OpenLead } from "./load-lead.ts";
import { messageDecider, type MessageCommand } from "./message.decider.ts";
import { composeFormEmail } from "./templates/form-email.ts";
import { mailBrand } from "../settings/mail-brand.ts";
import type { Brand, Sender } from "./templates/layout.ts";
import { composeMessageEmail } from "./templates/message-email.ts";

export interface MessagingDeps extends CommandDeps {
  store: EventStore;
  db: Queryable;
  publicUrl: string | undefined;
  mailFrom: string;
  /** Where messages go, answered up front so the UI can say it. */
  channels: { mail: "smtp" | "outbox"; sms: "twilio" | "outbox" };
}

/** Records the request on a new message stream and answers 202: the reactor delivers it. */
async function request(
  deps: MessagingDeps,
  { req, res }: { req: Request; res: Response },
  lead: OpenLead,
  command: (messageId: string) => MessageCommand,
  to: string,
) {
  const messageId = deps.newId();
  const decided = command(messageId);
  const outcome = await handleCommand(deps.store, messageStreamId(messageId), messageDecider, decided, {
    ...commandOptions(req, deps),
    newStream: true,
  });
  const body: LeadMessageAccepted = {
    id: outcome.state.status === "requested" ? outcome.state.messageId : messageId,
    version: outcome.version,
    position: outcome.position,
    status: "queued",
    channel: decided.type === "RequestSms" ? deps.channels.sms : deps.channels.mail,
    to,
    leadId: lead.id,
  };
  res.status(202).json(body);
}

/**
 * The agency's brand as its settings stand (docs/product.md, "Settings"), and the colleague sending
 * (their name and signature as their profile stands). The mail reactor gives the mail their From
 * name and Reply-To from the same profile, as it stood at the request.
 */
async function brandAndSender(deps: MessagingDeps, req: Request): Promise<{ brand: Brand; sender: Sender | null }> {
  const { brand, person } = await mailBrand(deps, undefined, actorOf(req));
  return { brand, sender: person ? { name: person.name, signature: person.signature } : null };
}

/** Mails the lead a fresh link to a form: each replaces the lead's earlier link (decisions/038). */
async function sendForm(deps: MessagingDeps, call: { req: Request; res: Response }, leadId: string, input: SendFormBody) {
  const lead = await loadOpenLead(deps.store, leadId);
  refuseUndeliverable(lead, input.to); // before a link is issued: nothing is appended
  const keyed = commandOptions(call.req, deps);
  const commandId = keyed.newCommandId ? undefined : `${keyed.metadata.commandId}/client-link`; // a retry with the same key issues no second link
  const link = await issueClientLink(deps, call.req, { leadId: lead.id, purpose: "questionnaire", ...(commandId ? { commandId } : {}) });
  const mail = composeFormEmail({
    ...input,
    recipientName: lead.details.name,
    formUrl: link.url,
    ...(await brandAndSender(deps, call.req)),
  });
  const email = (messageId: string) => ({
    messageId,
    leadId: lead.id,
    kind: "form" as const,
    formType: input.formType,
    to: input.to,
    ...mail,
  });
  await request(deps, call, lead, (messageId) => ({ type: "RequestEmail", email: email(messageId) }), input.to);
}

/**
 * A reply's subject ("Re: …") and In-Reply-To / References (docs/product.md, "Replies"), from the
 * received message it answers as its own stream says; the colleague's subject gets "Re: " once. A
 * message that is not this lead's is a 400 naming the field.
 */
async function threadOf(deps: MessagingDeps, leadId: string, inboundId: string, subject: string) {
  const { state } = await loadInbound(deps.store, deps.db, inboundId);
  if (state.status !== "received" || state.leadId !== leadId)
    throw new ValidationError([{ field: "inReplyTo", message: "inReplyTo names one of this lead's received messages" }]);
  return replyTo({ ...state.received, subject });
}

/** The lead, to be mailed at its own email: 409 while mail to that address bounces (docs/product.md, "Replies"). */
async function leadToEmail(store: EventStore, leadId: string): Promise<OpenLead> {
  const lead = await loadOpenLead(store, leadId);
  refuseUndeliverable(lead, lead.details.email);
  return lead;
}

const Accepted = { 202: LeadMessageAccepted } as const;

/** Mail and SMS to a lead: a form link, a message, a text, and the older POST /api/send-email. */
export const messagingCommandRoutes = routeGroup((route: RouteBuilder<MessagingDeps>) => [
  route({
    method: "POST",
    path: "/api/leads/:id/send-form",
    allow: STAFF,
    tag: "messages",
    summary: "Email a form link to the lead",
    params: LeadIdParam,
    body: SendFormBody,
    responses: Accepted,
    handle: (call, deps) => sendForm(deps, call, call.params.id, call.body),
  }),
  route({
    method: "POST",
    path: "/api/send-email",
    allow: STAFF,
    tag: "messages",
    summary: "Send an email (old shape, kept for compatibility)",
    body: SendEmailCompatBody,
    responses: Accepted,
    handle: (call, deps) => {
      const { leadId, html: _ignored, formType, ...rest } = call.body;
      return sendForm(deps, call, leadId, { ...rest, formType: formType ?? "onboarding" });
    },
  }),
  route({
    method: "POST",
    path: "/api/leads/:id/send-email",
    allow: STAFF,
    tag: "messages",
    summary: "Email the lead",
    params: LeadIdParam,
    body: SendLeadEmailBody,
    responses: Accepted,
    handle: async (call, deps) => {
      const { id } = call.params;
      const lead = await leadToEmail(deps.store, id);
      const { brand, sender } = await brandAndSender(deps, call.req);
      const { inReplyTo, ...body } = call.body;
      const thread = inReplyTo ? await threadOf(deps, id, inReplyTo, body.subject) : undefined;
      const mail = composeMessageEmail({
        ...body,
        ...(thread ? { subject: thread.subject } : {}),
        signature: sender?.signature ?? "",
        brand,
      });
      const to = lead.details.email;
      const headers = thread ? { inReplyTo: thread.inReplyTo, references: thread.references } : {};
      const email = (messageId: string) => ({ messageId, leadId: id, kind: "message" as const, formType: null, to, ...mail, ...headers });
      await request(deps, call, lead, (messageId) => ({ type: "RequestEmail", email: email(messageId) }), to);
    },
  }),
  route({
    method: "POST",
    path: "/api/leads/:id/send-sms",
    allow: STAFF,
    tag: "messages",
    summary: "Text the lead",
    params: LeadIdParam,
    body: SendSmsBody,
    responses: Accepted,
    handle: async (call, deps) => {
      const { id } = call.params;
      const lead = await loadOpenLead(deps.store, id);
      if (!lead.details.phone) throw new ConflictError("This lead has no phone number.");
      const to = normalizePhone(lead.details.phone);
      if (!to)
        throw new ConflictError(
          "The lead's phone number is not a valid number; use digits with an optional leading + (e.g. +15551234567).",
        );
      await request(
        deps,
        call,
        lead,
        (messageId) => ({ type: "RequestSms", sms: { messageId, leadId: id, to, body: call.body.message } }),
        to,
      );
    },
  }),
]);
