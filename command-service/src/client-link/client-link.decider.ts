import { NotFoundError } from "@crm/contracts/api/errors";
import type { ClientLinkPurpose } from "@crm/contracts/client-link/client-link";
import {
  CLIENT_LINK_EVENT_TYPES,
  evolveClientLinks,
  initialClientLinks,
  type ClientLinkEvent,
  type ClientLinksState,
  type LeadLinkStatus,
} from "@crm/contracts/client-link/link-state";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

export type { ClientLinkEvent, ClientLinksState };

/** A flood is recorded at most once per link in this window (decisions/038). */
export const FLOOD_WINDOW_MINUTES = 60;

export type ClientLinkCommand =
  | {
      type: "IssueClientLink";
      leadId: string;
      linkId: string;
      purpose: ClientLinkPurpose;
      tokenHash: string;
      expiresAt: string | null;
      /** The lead as its own stream said before deciding. */
      lead: LeadLinkStatus;
      issuedBy: string;
    }
  | { type: "RevokeClientLink"; leadId: string; purpose: ClientLinkPurpose; revokedBy: string }
  | { type: "FlagClientLinkFlood"; leadId: string; linkId: string; purpose: ClientLinkPurpose; attempts: number; at: string };

export const initialState: ClientLinksState = initialClientLinks;

export const evolve = (state: ClientLinksState, event: EventEnvelope<ClientLinkEvent>): ClientLinksState => evolveClientLinks(state, event);

/** A new link replaces the live one of its purpose: one live link per lead and purpose. */
function issue(command: Extract<ClientLinkCommand, { type: "IssueClientLink" }>, state: ClientLinksState): ClientLinkEvent[] {
  if (command.lead !== "open") throw new NotFoundError("Lead");
  const { leadId, linkId, purpose, tokenHash, expiresAt } = command;
  const previous = state.live[purpose];
  const replaced: ClientLinkEvent[] = previous
    ? [{ type: "ClientLinkRevoked", data: { leadId, linkId: previous.linkId, purpose, revokedBy: command.issuedBy, reason: "replaced" } }]
    : [];
  return [...replaced, { type: "ClientLinkIssued", data: { leadId, linkId, purpose, tokenHash, expiresAt } }];
}

/** Revoking when no link is live changes nothing. */
function revoke(command: Extract<ClientLinkCommand, { type: "RevokeClientLink" }>, state: ClientLinksState): ClientLinkEvent[] {
  const live = state.live[command.purpose];
  if (!live) return [];
  const { leadId, purpose, revokedBy } = command;
  return [{ type: "ClientLinkRevoked", data: { leadId, linkId: live.linkId, purpose, revokedBy, reason: "revoked" } }];
}

/** Only the live link is flagged, and at most once per window. */
function flagFlood(command: Extract<ClientLinkCommand, { type: "FlagClientLinkFlood" }>, state: ClientLinksState): ClientLinkEvent[] {
  const live = state.live[command.purpose];
  if (live?.linkId !== command.linkId) return [];
  const windowMs = FLOOD_WINDOW_MINUTES * 60_000;
  if (live.floodedAt !== null && new Date(command.at).getTime() - new Date(live.floodedAt).getTime() < windowMs) return [];
  const { leadId, linkId, purpose, attempts } = command;
  return [{ type: "ClientLinkFlooded", data: { leadId, linkId, purpose, attempts, windowMinutes: FLOOD_WINDOW_MINUTES } }];
}

export const decide = decideBy<ClientLinkCommand, ClientLinksState, ClientLinkEvent>({
  IssueClientLink: issue,
  RevokeClientLink: revoke,
  FlagClientLinkFlood: flagFlood,
});

export const clientLinkDecider: Decider<ClientLinkCommand, ClientLinksState, ClientLinkEvent> = {
  initialState,
  eventTypes: CLIENT_LINK_EVENT_TYPES,
  evolve,
  decide,
};
