import { randomUUID } from "node:crypto";
import type { DomainEvent } from "../src/events/registry.ts";

export type LeadCreatedEvent = Extract<DomainEvent, { type: "LeadCreated" }>;

/** A valid LeadCreated for tests and benchmarks: Ada of Lovelace Co in "New Lead", with the given fields changed. */
export function leadCreatedEvent(leadId: string, fields: Partial<Omit<LeadCreatedEvent["data"], "leadId">> = {}): LeadCreatedEvent {
  return {
    type: "LeadCreated",
    data: {
      leadId,
      name: "Ada",
      business: "Lovelace Co",
      email: "ada@example.com",
      phone: null,
      source: null,
      priority: "medium",
      notes: null,
      proposalLink: null,
      contractStatus: null,
      stage: "New Lead",
      ...fields,
    },
  };
}

export type LeadStageChangedEvent = Extract<DomainEvent, { type: "LeadStageChanged" }>;

/** A LeadStageChanged for tests and benchmarks: on top of the new column unless neighbours are given. */
export function stageChangedEvent(
  leadId: string,
  from: LeadStageChangedEvent["data"]["from"],
  to: LeadStageChangedEvent["data"]["to"],
  { afterId = null, beforeId = null }: { afterId?: string | null; beforeId?: string | null } = {},
): LeadStageChangedEvent {
  return { type: "LeadStageChanged", data: { leadId, from, to, afterId, beforeId } };
}

export type EmailSentEvent = Extract<DomainEvent, { type: "EmailSent" }>;

/** The onboarding form's mail to a lead, delivered through the outbox at the first attempt. */
export function formMailSentEvent(leadId: string, subject = "Complete Your Onboarding Questionnaire"): EmailSentEvent {
  return {
    type: "EmailSent",
    data: {
      requestId: randomUUID(),
      leadId,
      kind: "form",
      to: "a@b.co",
      subject,
      transport: "outbox",
      providerMessageId: null,
      attempts: 1,
    },
  };
}
