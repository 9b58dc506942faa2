import type { DomainEvent } from "../events/registry.ts";
import type { LeadActivityDescription } from "../messaging/describe.ts";

/** How a client-link event reads on its lead's timeline; a replacement is told by the new link's entry. */
export function describeClientLinkEvent(event: DomainEvent): LeadActivityDescription | undefined {
  switch (event.type) {
    case "ClientLinkIssued":
      return {
        leadId: event.data.leadId,
        type: "note",
        title: "Client questionnaire link created",
        description: "Only the newest link opens the client's questionnaire",
      };
    case "ClientLinkRevoked":
      if (event.data.reason === "replaced") return undefined;
      return { leadId: event.data.leadId, type: "note", title: "Client questionnaire link revoked", description: null };
    case "ClientLinkFlooded":
      return {
        leadId: event.data.leadId,
        type: "note",
        title: "Many submissions through the client questionnaire link",
        description: `More than ${event.data.attempts} attempts within ${event.data.windowMinutes} minutes: the link may have leaked. The client can still submit; create a new link if in doubt.`,
      };
    default:
      return undefined;
  }
}
