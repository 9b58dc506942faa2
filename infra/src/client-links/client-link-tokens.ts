import { createHash, randomBytes } from "node:crypto";
import { CLIENT_LINK_TOKEN, type ClientLinkPurpose } from "@crm/contracts/client-link/client-link";
import {
  evolveClientLinks,
  initialClientLinks,
  isClientLinkEvent,
  isLiveAt,
  leadLinkStatus,
  type ClientLinksState,
  type LiveClientLink,
} from "@crm/contracts/client-link/link-state";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { Queryable } from "../db/database.ts";
import type { EventStore } from "../event-store/event-store.ts";

/** The hex SHA-256 of a token: all the server keeps of it. */
export const clientLinkTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link secret: 32 random bytes (256 bits) as base64url, and its hash. */
export function newClientLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: clientLinkTokenHash(token) };
}

/** A lead's client links as its stream says now. */
export async function loadClientLinks(store: EventStore, leadId: string): Promise<ClientLinksState> {
  const events = (await store.readStream(clientLinkStreamId(leadId))).filter(isClientLinkEvent);
  return events.reduce(evolveClientLinks, initialClientLinks);
}

/** A presented token that works: its lead and live link. */
export interface ResolvedClientLink {
  leadId: string;
  link: LiveClientLink;
}

/**
 * Finds the live link a token opens (decisions/038): the index names the lead, then the lead's own
 * streams decide, so a link revoked, replaced or of a lead archived or erased a moment ago is
 * refused at once. Undefined for every dead link alike.
 */
export function clientLinkIndex(db: Queryable, store: EventStore) {
  return {
    /** Records which lead a hash belongs to; call before appending ClientLinkIssued. */
    async remember(tokenHash: string, leadId: string, linkId: string): Promise<void> {
      await db.query("INSERT INTO client_link_tokens (token_hash, lead_id, link_id) VALUES ($1, $2, $3)", [tokenHash, leadId, linkId]);
    },

    async resolve(token: string, purpose: ClientLinkPurpose, at: Date): Promise<ResolvedClientLink | undefined> {
      if (!CLIENT_LINK_TOKEN.test(token)) return undefined;
      const tokenHash = clientLinkTokenHash(token);
      const { rows } = await db.query<{ lead_id: string }>("SELECT lead_id FROM client_link_tokens WHERE token_hash = $1", [tokenHash]);
      const leadId = rows[0]?.lead_id;
      if (leadId === undefined) return undefined;
      const [links, lead] = await Promise.all([loadClientLinks(store, leadId), store.readStream(leadStreamId(leadId))]);
      const link = links.live[purpose];
      if (!isLiveAt(link, at) || link.tokenHash !== tokenHash || leadLinkStatus(lead) !== "open") return undefined;
      return { leadId, link };
    },
  };
}

export type ClientLinkIndex = ReturnType<typeof clientLinkIndex>;
