import { randomUUID } from "node:crypto";
import type { DomainEvent } from "../src/events/registry.ts";

export type InboundEmailReceivedEvent = Extract<DomainEvent, { type: "InboundEmailReceived" }>;

/** A plain reply as the intake records it (tests only); leadId null is an unmatched message. */
export function inboundReceivedEvent(
  leadId: string | null,
  fields: Partial<Omit<InboundEmailReceivedEvent["data"], "leadId">> = {},
): InboundEmailReceivedEvent {
  const inboundId = fields.inboundId ?? randomUUID();
  return {
    type: "InboundEmailReceived",
    data: {
      inboundId,
      messageId: `<${inboundId}@client.example>`,
      channel: "smtp",
      kind: "message",
      leadId,
      matchedBy: leadId ? "address" : "none",
      from: { address: "ada@client.example", name: "Ada Lovelace" },
      to: ["replies@mail.agency.test"],
      subject: "Re: Our proposal",
      text: "Sounds good, let's talk on Monday.",
      inReplyTo: null,
      references: [],
      sentAt: "2026-11-21T09:00:00.000Z",
      attachments: [],
      bounce: null,
      rsvp: null,
      ...fields,
    },
  };
}
