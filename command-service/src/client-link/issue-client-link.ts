import type { Request } from "express";
import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { ClientLinkCreated, ClientLinkPurpose } from "@crm/contracts/client-link/client-link";
import { leadErased } from "@crm/contracts/erasure/lead-erased";
import { leadLinkStatus } from "@crm/contracts/client-link/link-state";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { clientLinkIndex, newClientLinkToken } from "@crm/infra/client-links/client-link-tokens";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { handleCommand } from "../core/command-handler.ts";
import { actorOf, commandOptions, type CommandDeps } from "../core/command-context.ts";
import { siteOrigin } from "../core/site-origin.ts";
import { clientLinkDecider } from "./client-link.decider.ts";

export interface ClientLinkDeps extends CommandDeps {
  store: EventStore;
  db: Queryable;
  publicUrl: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page each purpose opens. */
const PAGES: Record<ClientLinkPurpose, string> = { questionnaire: "/onboarding-form" };

export interface IssueInput {
  leadId: string;
  purpose: ClientLinkPurpose;
  expiresInDays?: number | null | undefined;
  /** The command id to issue under, when the link is part of a larger request (send-form). */
  commandId?: string;
}

/**
 * Issues a new link for a lead, replacing the live one of its purpose (decisions/038). The hash is
 * indexed before ClientLinkIssued is appended, so every issued link can be found; the token itself
 * is in the answer only.
 */
export async function issueClientLink(deps: ClientLinkDeps, req: Request, input: IssueInput): Promise<ClientLinkCreated> {
  const { leadId, purpose } = input;
  const leadEvents = await deps.store.readStream(leadStreamId(leadId));
  if (leadEvents.some((e) => e.type === "LeadErased")) throw leadErased(); // its links died with its data
  const lead = leadLinkStatus(leadEvents);
  if (lead !== "open") throw new NotFoundError("Lead");
  const { token, tokenHash } = newClientLinkToken();
  const linkId = deps.newId();
  const issuedAt = deps.now();
  const expiresAt = input.expiresInDays ? new Date(issuedAt.getTime() + input.expiresInDays * DAY_MS).toISOString() : null;
  await clientLinkIndex(deps.db, deps.store).remember(tokenHash, leadId, linkId);

  const options = commandOptions(req, deps);
  if (input.commandId) Object.assign(options, { metadata: { ...options.metadata, commandId: input.commandId }, newCommandId: false });
  const issuedBy = actorOf(req);
  const command = { type: "IssueClientLink" as const, leadId, linkId, purpose, tokenHash, expiresAt, lead, issuedBy };
  const outcome = await handleCommand(deps.store, clientLinkStreamId(leadId), clientLinkDecider, command, options);
  // A repeated Idempotency-Key appends nothing: the first answer's token was never kept, so it cannot be shown again.
  if (outcome.events.length === 0)
    throw new ConflictError("This request already created a link, which cannot be shown again; create a new link.");
  const replaced = outcome.events.find((e) => e.type === "ClientLinkRevoked");
  return {
    id: linkId,
    purpose,
    url: `${siteOrigin(req, deps.publicUrl)}${PAGES[purpose]}/${token}`,
    issuedAt: options.metadata.at,
    expiresAt,
    replaced: replaced?.type === "ClientLinkRevoked" ? replaced.data.linkId : null,
    version: outcome.version,
    position: outcome.position,
  };
}
