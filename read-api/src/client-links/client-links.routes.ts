import { Router } from "express";
import { z } from "zod";
import { NotFoundError, RateLimitedError } from "@crm/contracts/api/errors";
import { expiredLink, type ClientLinkStatus, type ClientLinkSummary, type PublicClientLink } from "@crm/contracts/client-link/client-link";
import { initialClientLinks, leadLinkStatus, type LiveClientLink } from "@crm/contracts/client-link/link-state";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { createRateLimiter, type RateLimiter } from "@crm/infra/auth/rate-limiter";
import { clientLinkIndex, loadClientLinks } from "@crm/infra/client-links/client-link-tokens";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";

export interface ClientLinkReadDeps {
  /** The database itself: the token index is no read model. */
  db: Queryable;
  store: EventStore;
  now: () => Date;
  /** Link checks per client address (default 60 per 15 minutes). */
  perIp?: RateLimiter;
}

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

const summaryOf = (link: LiveClientLink | undefined, at: Date): ClientLinkSummary | null => {
  if (!link || (link.expiresAt !== null && new Date(link.expiresAt).getTime() <= at.getTime())) return null;
  const { linkId: id, purpose, issuedAt, issuedBy, expiresAt, floodedAt } = link;
  return { id, purpose, issuedAt, issuedBy, expiresAt, floodedAt };
};

/**
 * GET /api/questionnaire/link/:token (public: does this link work?) and GET /api/leads/:id/client-link
 * (staff: the live link, without its token). Both read the streams, not a read model (decisions/038).
 */
export function clientLinkReadRoutes(deps: ClientLinkReadDeps): Router {
  const router = Router();
  const links = clientLinkIndex(deps.db, deps.store);
  const perIp = deps.perIp ?? createRateLimiter({ limit: 60, windowMs: 15 * 60_000, now: () => deps.now().getTime() });

  router.get("/api/questionnaire/link/:token", async (req, res) => {
    const decision = perIp.hit(`ip:${req.ip ?? "unknown"}`);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    const resolved = await links.resolve(req.params.token, "questionnaire", deps.now());
    if (!resolved) throw expiredLink();
    const body: PublicClientLink = { purpose: resolved.link.purpose, expiresAt: resolved.link.expiresAt };
    res.setHeader("Cache-Control", "no-store").json(body);
  });

  router.get("/api/leads/:id/client-link", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const lead = await deps.store.readStream(leadStreamId(id));
    if (lead.length === 0) throw new NotFoundError("Lead");
    // An archived or erased lead's links are dead, whatever its link stream says.
    const state = leadLinkStatus(lead) === "open" ? await loadClientLinks(deps.store, id) : initialClientLinks;
    const body: ClientLinkStatus = { questionnaire: summaryOf(state.live.questionnaire, deps.now()) };
    res.setHeader("Cache-Control", "no-store").json(body);
  });

  return router;
}
