import type { Request, RequestHandler } from "express";
import { ApiError, RateLimitedError } from "@crm/contracts/api/errors";
import { PublicFormProblem } from "@crm/contracts/api/problem";
import { expiredLink } from "@crm/contracts/client-link/client-link";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { QUESTIONNAIRE_BODY_LIMIT_BYTES } from "@crm/contracts/questionnaire/fields";
import { QuestionnaireAccepted, SubmitQuestionnaireBody } from "@crm/contracts/questionnaire/questionnaire";
import { questionnaireStreamId } from "@crm/contracts/questionnaire/stream";
import { createRateLimiter, type RateLimit, type RateLimiter } from "@crm/infra/auth/rate-limiter";
import { clientLinkIndex, type ResolvedClientLink } from "@crm/infra/client-links/client-link-tokens";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { PUBLIC } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { clientLinkDecider } from "../client-link/client-link.decider.ts";
import { handleCommand } from "../core/command-handler.ts";
import { commandMetadata, type CommandDeps } from "../core/command-context.ts";
import { publicProblems } from "./public-errors.ts";
import { questionnaireDecider } from "./questionnaire.decider.ts";

const HOUR = 60 * 60_000;
/** Attempts per client address, any token or none (docs/product.md, "Limits and constants"). */
export const QUESTIONNAIRE_PER_IP: RateLimit = { name: "questionnaire-ip", limit: 20, windowMs: 15 * 60_000 };
/** Submissions per address through one link: refuses that address only, never the link. */
export const QUESTIONNAIRE_PER_LINK_AND_IP: RateLimit = { name: "questionnaire-link-ip", limit: 10, windowMs: HOUR };
/** Submissions through one link from every address before the lead is flagged. */
export const QUESTIONNAIRE_FLOOD: RateLimit = { name: "questionnaire-flood", limit: 30, windowMs: HOUR };

export interface QuestionnaireRouteDeps extends CommandDeps {
  store: EventStore;
  /** The token index, and where the limits are counted for every process (decisions/058). */
  db: Queryable;
}

async function limit(limiter: RateLimiter, key: string) {
  const decision = await limiter.hit(key);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** The answers come as JSON: anything else is refused before the body is read, even an empty one. */
const jsonBody: RequestHandler = (req, _res, next) => {
  if (!req.is("application/json")) return next(new ApiError(415, "Unsupported media type", "Send the answers as application/json."));
  next();
};

/** A link sent before decisions/038 posts the lead id: that no longer opens anything. */
const isLeadIdLink = (body: unknown) => typeof body === "object" && body !== null && "leadId" in body && !("token" in body);

/** The limiters, the token index and the flood watch, made once when the routes are mounted. */
function setup(deps: QuestionnaireRouteDeps) {
  const limiter = (limit: RateLimit) => createRateLimiter(deps.db, limit, deps.now);
  const perIp = limiter(QUESTIONNAIRE_PER_IP);
  const perLinkAndIp = limiter(QUESTIONNAIRE_PER_LINK_AND_IP);
  const perLink = limiter(QUESTIONNAIRE_FLOOD);
  const byIp: RequestHandler = async (req, _res, next) => {
    await limit(perIp, `ip:${req.ip ?? "unknown"}`);
    next();
  };

  /** Past the flood threshold the lead is flagged to staff (at most hourly per link); the client is never refused for it. */
  async function watchForFlood(req: Request, { leadId, link }: ResolvedClientLink) {
    if ((await perLink.hit(`link:${link.linkId}`)).allowed) return;
    const metadata = { ...commandMetadata(req, deps), actor: "system", commandId: deps.newId() }; // not the client's Idempotency-Key
    const command = {
      type: "FlagClientLinkFlood" as const,
      leadId,
      linkId: link.linkId,
      purpose: link.purpose,
      attempts: QUESTIONNAIRE_FLOOD.limit,
      at: metadata.at,
    };
    await handleCommand(deps.store, clientLinkStreamId(leadId), clientLinkDecider, command, { metadata, newCommandId: true });
  }

  return { deps, byIp, perLinkAndIp, watchForFlood, links: clientLinkIndex(deps.db, deps.store) };
}

/**
 * POST /api/questionnaire: the public client questionnaire (no session; the events' actor is
 * "public"), opened by the token of a live client link (decisions/038). It limits each address
 * before reading the body, reads at most 64 KB and answers problems in the page's words.
 */
export const questionnaireCommandRoutes = routeGroup(
  setup,
  (route) => [
    route({
      method: "POST",
      path: "/api/questionnaire",
      allow: PUBLIC,
      tag: "onboarding",
      summary: "Submit the client questionnaire (public)",
      before: ({ byIp }) => [byIp, jsonBody],
      admit: (req) => {
        if (isLeadIdLink(req.body)) throw expiredLink(); // before the schema, which would name the missing token
      },
      bodyLimit: `${QUESTIONNAIRE_BODY_LIMIT_BYTES / 1024}kb`,
      body: SubmitQuestionnaireBody,
      responses: { 201: QuestionnaireAccepted },
      problem: PublicFormProblem,
      handle: async ({ req, res, body: { token, ...answers } }, { deps, links, perLinkAndIp, watchForFlood }) => {
        const resolved = await links.resolve(token, "questionnaire", deps.now());
        if (!resolved) throw expiredLink();
        await limit(perLinkAndIp, `${resolved.link.linkId}:${req.ip ?? "unknown"}`);
        await watchForFlood(req, resolved); // after the limits: a refused request appends nothing
        const { leadId } = resolved;
        const command = { type: "SubmitQuestionnaire" as const, leadId, responseId: deps.newId(), lead: "open" as const, answers };
        const metadata = { ...commandMetadata(req, deps), actor: "public" }; // even when a signed-in person fills it in
        const outcome = await handleCommand(deps.store, questionnaireStreamId(leadId), questionnaireDecider, command, { metadata });
        const state = outcome.state.status === "submitted" ? outcome.state : undefined;
        const body: QuestionnaireAccepted = {
          id: state?.latestResponseId ?? command.responseId,
          version: outcome.version,
          position: outcome.position,
          submittedAt: metadata.at,
        };
        res.status(201).json(body);
      },
    }),
  ],
  { errors: () => publicProblems(QUESTIONNAIRE_BODY_LIMIT_BYTES / 1024) }, // the page's words: an `error` field, a 413 naming the limit
);
