import { z } from "zod";
import { NotFoundError, RateLimitedError } from "@crm/contracts/api/errors";
import { LeadIdParam } from "@crm/contracts/api/params";
import { ClientLinkStatus, expiredLink, PublicClientLink, type ClientLinkSummary } from "@crm/contracts/client-link/client-link";
import { initialClientLinks, leadLinkStatus, type LiveClientLink } from "@crm/contracts/client-link/link-state";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { createRateLimiter, type RateLimit } from "@crm/infra/auth/rate-limiter";
import { clientLinkIndex, loadClientLinks } from "@crm/infra/client-links/client-link-tokens";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { PUBLIC, STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";

/** Link checks per client address. */
export const CLIENT_LINK_CHECKS: RateLimit = { name: "client-link-check", limit: 60, windowMs: 15 * 60_000 };

export interface ClientLinkReadDeps {
  /** The database itself: the token index is no read model, and the limit is counted there for every process (decisions/058). */
  db: Queryable;
  store: EventStore;
  now: () => Date;
}

const summaryOf = (link: LiveClientLink | undefined, at: Date): ClientLinkSummary | null => {
  if (!link || (link.expiresAt !== null && new Date(link.expiresAt).getTime() <= at.getTime())) return null;
  const { linkId: id, purpose, issuedAt, issuedBy, expiresAt, floodedAt } = link;
  return { id, purpose, issuedAt, issuedBy, expiresAt, floodedAt };
};

/** What the link routes share: the token index and the per-address limit on link checks. */
function setup(deps: ClientLinkReadDeps) {
  const links = clientLinkIndex(deps.db, deps.store);
  const perIp = createRateLimiter(deps.db, CLIENT_LINK_CHECKS, deps.now);
  return { ...deps, links, perIp };
}

/**
 * GET /api/questionnaire-links/:token (public: does this link work?) and GET /api/leads/:id/client-link
 * (staff: the live link, without its token). Both read the streams, not a read model (decisions/038).
 */
export const clientLinkReadRoutes = routeGroup(setup, (route) => [
  route({
    method: "GET",
    path: "/api/questionnaire-links/:token",
    allow: PUBLIC,
    tag: "onboarding",
    summary: "Whether a client link works (public; 410 when it does not)",
    cache: "no-store",
    params: z.object({ token: z.string() }),
    responses: { 200: PublicClientLink },
    handle: async ({ req, res, params: { token } }, { links, perIp, now }) => {
      const decision = await perIp.hit(`ip:${req.ip ?? "unknown"}`);
      if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
      const resolved = await links.resolve(token, "questionnaire", now());
      if (!resolved) throw expiredLink();
      const body: PublicClientLink = { purpose: resolved.link.purpose, expiresAt: resolved.link.expiresAt };
      res.json(body);
    },
  }),
  route({
    method: "GET",
    path: "/api/leads/:id/client-link",
    allow: STAFF,
    tag: "onboarding",
    summary: "The lead's live client questionnaire link, without its token",
    cache: "no-store",
    params: LeadIdParam,
    responses: { 200: ClientLinkStatus },
    handle: async ({ res, params: { id } }, { store, now }) => {
      const lead = await store.readStream(leadStreamId(id));
      if (lead.length === 0) throw new NotFoundError("Lead");
      // An archived or erased lead's links are dead, whatever its link stream says.
      const state = leadLinkStatus(lead) === "open" ? await loadClientLinks(store, id) : initialClientLinks;
      const body: ClientLinkStatus = { questionnaire: summaryOf(state.live.questionnaire, now()) };
      res.json(body);
    },
  }),
]);
