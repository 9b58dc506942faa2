import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { ConflictError } from "@crm/contracts/api/errors";
import { SendEmailCompatBody, SendFormBody, SendLeadEmailBody, SendSmsBody, type MessageAccepted } from "@crm/contracts/messaging/commands";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { normalizePhone } from "@crm/infra/sms/sms-sender";
import { handleCommand } from "../core/command-handler.ts";
import { issueClientLink } from "../client-link/issue-client-link.ts";
import { commandOptions, type CommandDeps } from "../core/command-context.ts";
import { loadOpenLead, type OpenLead } from "./load-lead.ts";
import { messageDecider, type MessageCommand } from "./message.decider.ts";
import { composeFormEmail } from "./templates/form-email.ts";
import { brandName, type Brand } from "./templates/layout.ts";
import { composeMessageEmail } from "./templates/message-email.ts";

export interface MessagingDeps extends CommandDeps {
  store: EventStore;
  db: Queryable;
  publicUrl: string | undefined;
  mailFrom: string;
  /** Where messages go, answered up front so the UI can say it. */
  channels: { mail: "smtp" | "outbox"; sms: "twilio" | "outbox" };
}

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

/** POST /api/leads/:id/send-form, /send-email, /send-sms and the compatible POST /api/send-email. */
export function messagingCommandRoutes(deps: MessagingDeps): Router {
  const router = Router();
  const brand = (): Brand => ({ name: brandName(deps.mailFrom), year: deps.now().getUTCFullYear() });

  /** Records the request on a new message stream and answers 202: the reactor delivers it. */
  async function request(req: Request, res: Response, lead: OpenLead, command: (messageId: string) => MessageCommand, to: string) {
    const messageId = deps.newId();
    const decided = command(messageId);
    const outcome = await handleCommand(deps.store, messageStreamId(messageId), messageDecider, decided, {
      ...commandOptions(req, deps),
      newStream: true,
    });
    const channel = decided.type === "RequestSms" ? deps.channels.sms : deps.channels.mail;
    const body: MessageAccepted = {
      id: outcome.state.status === "requested" ? outcome.state.messageId : messageId,
      version: outcome.version,
      position: outcome.position,
      status: "queued",
      channel,
      to,
    };
    res.status(202).json({ ...body, leadId: lead.id });
  }

  async function sendForm(req: Request, res: Response, leadId: string, input: SendFormBody) {
    const lead = await loadOpenLead(deps.store, leadId);
    // Each form mail carries a fresh link, which replaces the lead's earlier one (decisions/038).
    const keyed = commandOptions(req, deps);
    const commandId = keyed.newCommandId ? undefined : `${keyed.metadata.commandId}/client-link`; // a retry with the same key issues no second link
    const link = await issueClientLink(deps, req, { leadId: lead.id, purpose: "questionnaire", ...(commandId ? { commandId } : {}) });
    const formUrl = link.url;
    const mail = composeFormEmail({ ...input, recipientName: lead.details.name, formUrl, brand: brand() });
    const email = (messageId: string) => ({
      messageId,
      leadId: lead.id,
      kind: "form" as const,
      formType: input.formType,
      to: input.to,
      ...mail,
    });
    await request(req, res, lead, (messageId) => ({ type: "RequestEmail", email: email(messageId) }), input.to);
  }

  router.post("/api/leads/:id/send-form", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    await sendForm(req, res, id, parseOr400(SendFormBody, req.body));
  });

  router.post("/api/send-email", async (req, res) => {
    const { leadId, html: _ignored, formType, ...rest } = parseOr400(SendEmailCompatBody, req.body);
    await sendForm(req, res, leadId, { ...rest, formType: formType ?? "onboarding" });
  });

  router.post("/api/leads/:id/send-email", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const input = parseOr400(SendLeadEmailBody, req.body);
    const lead = await loadOpenLead(deps.store, id);
    const mail = composeMessageEmail({ recipientName: lead.details.name, ...input, brand: brand() });
    const to = lead.details.email;
    await request(
      req,
      res,
      lead,
      (messageId) => ({ type: "RequestEmail", email: { messageId, leadId: id, kind: "message", formType: null, to, ...mail } }),
      to,
    );
  });

  router.post("/api/leads/:id/send-sms", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { message } = parseOr400(SendSmsBody, req.body);
    const lead = await loadOpenLead(deps.store, id);
    if (!lead.details.phone) throw new ConflictError("This lead has no phone number.");
    const to = normalizePhone(lead.details.phone);
    if (!to)
      throw new ConflictError("The lead's phone number is not a valid number; use digits with an optional leading + (e.g. +15551234567).");
    await request(req, res, lead, (messageId) => ({ type: "RequestSms", sms: { messageId, leadId: id, to, body: message } }), to);
  });

  return router;
}
