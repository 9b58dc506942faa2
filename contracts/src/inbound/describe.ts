import type { DomainEvent } from "../events/registry.ts";
import type { LeadActivityDescription } from "../messaging/describe.ts";

/** Who a reply is from, as the timeline names them: their name, else their address. */
export const senderLabel = (from: { name: string; address: string }) => from.name.trim() || from.address;

/**
 * How inbound mail reads on its lead's timeline (docs/product.md, "Replies"): a message that came in
 * on a lead is "Reply from {name}: {subject}"; one a colleague assigned from the inbox says so.
 * Bounces and RSVPs make their own entries once acted on (LeadEmailBounced, MeetingRsvpReceived);
 * an unmatched message makes none until it is assigned.
 */
export function describeInboundEvent(event: DomainEvent): LeadActivityDescription | undefined {
  switch (event.type) {
    case "InboundEmailReceived": {
      const d = event.data;
      if (!d.leadId || d.kind !== "message") return undefined;
      return {
        leadId: d.leadId,
        type: "email_received",
        title: `Reply from ${senderLabel(d.from)}: ${d.subject}`,
        description: `From ${d.from.address}`,
      };
    }
    case "InboundEmailAssigned":
      return {
        leadId: event.data.leadId,
        type: "email_received",
        title: "Email assigned from the inbox",
        description: "Shown in the conversation",
      };
    default:
      return undefined;
  }
}
