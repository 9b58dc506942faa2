import type { EventEnvelope, EventOf, RecordedEvent } from "../events/registry.ts";
import type { ClientLinkPurpose } from "./client-link.ts";

export const CLIENT_LINK_EVENT_TYPES = ["ClientLinkIssued", "ClientLinkRevoked", "ClientLinkFlooded"] as const;
export type ClientLinkEvent = EventOf<(typeof CLIENT_LINK_EVENT_TYPES)[number]>;

const clientLinkEventTypes: ReadonlySet<string> = new Set(CLIENT_LINK_EVENT_TYPES);
/** Whether a recorded event is a client-link event. */
export const isClientLinkEvent = (event: RecordedEvent): event is RecordedEvent<ClientLinkEvent> => clientLinkEventTypes.has(event.type);

/** The one live link of a purpose (decisions/038): issuing another replaces it. */
export interface LiveClientLink {
  linkId: string;
  purpose: ClientLinkPurpose;
  tokenHash: string;
  issuedAt: string;
  issuedBy: string;
  expiresAt: string | null;
  floodedAt: string | null;
}

/** A lead's client links: the live one of each purpose. */
export interface ClientLinksState {
  live: Partial<Record<ClientLinkPurpose, LiveClientLink>>;
}

export const initialClientLinks: ClientLinksState = { live: {} };

/** Folds one event of a lead's client-link stream. */
export function evolveClientLinks(state: ClientLinksState, event: EventEnvelope<ClientLinkEvent>): ClientLinksState {
  const { purpose, linkId } = event.data;
  const current = state.live[purpose];
  switch (event.type) {
    case "ClientLinkIssued": {
      const { tokenHash, expiresAt } = event.data;
      const link = { linkId, purpose, tokenHash, expiresAt, issuedAt: event.metadata.at, issuedBy: event.metadata.actor, floodedAt: null };
      return { live: { ...state.live, [purpose]: link } };
    }
    case "ClientLinkRevoked":
      return current?.linkId === linkId ? { live: { ...state.live, [purpose]: undefined } } : state;
    case "ClientLinkFlooded":
      return current?.linkId === linkId ? { live: { ...state.live, [purpose]: { ...current, floodedAt: event.metadata.at } } } : state;
  }
}

/** Whether a link is live at an instant: not replaced, not revoked, not past its expiry. */
export const isLiveAt = (link: LiveClientLink | undefined, at: Date): link is LiveClientLink =>
  link !== undefined && (link.expiresAt === null || new Date(link.expiresAt).getTime() > at.getTime());

/** Whether a lead can be reached through a client link, from its own stream's events. */
export type LeadLinkStatus = "open" | "closed";

/** A lead is open once created and until it is archived or erased (its own stream, not a read model). */
export function leadLinkStatus(leadEvents: readonly Pick<RecordedEvent, "type">[]): LeadLinkStatus {
  if (!leadEvents.some((e) => e.type === "LeadCreated")) return "closed";
  return leadEvents.some((e) => e.type === "LeadArchived" || e.type === "LeadErased") ? "closed" : "open";
}
