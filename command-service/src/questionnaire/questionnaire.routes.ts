import express, { Router, type Request, type RequestHandler } from "express";
import { ApiError, RateLimitedError } from "@crm/contracts/api/errors";
import { expiredLink } from "@crm/contracts/client-link/client-link";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { QUESTIONNAIRE_BODY_LIMIT_BYTES } from "@crm/contracts/questionnaire/fields";
import type { QuestionnaireAccepted } from "@crm/contracts/questionnaire/questionnaire";
import { SubmitQuestionnaireBody } from "@crm/contracts/questionnaire/questionnaire";
import { questionnaireStreamId } from "@crm/contracts/questionnaire/stream";
import { createRateLimiter, type RateLimiter } from "@crm/infra/auth/rate-limiter";
import { clientLinkIndex, type ResolvedClientLink } from "@crm/infra/client-links/client-link-tokens";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { storableTextOnly } from "@crm/infra/http/storable-text";
import { parseOr400 } from "@crm/infra/http/validate";
import { clientLinkDecider } from "../client-link/client-link.decider.ts";
import { handleCommand } from "../core/command-handler.ts";
import { commandMetadata, type CommandDeps } from "../core/command-context.ts";
import { publicProblems } from "./public-errors.ts";
import { questionnaireDecider } from "./questionnaire.decider.ts";

export interface QuestionnaireRouteDeps extends CommandDeps {
  store: EventStore;
  db: Queryable;
  /** Attempts per client address, any token or none (default 20 per 15 minutes). */
  perIp?: RateLimiter;
  /** Submissions per address through one link (default 10 per hour): refuses that address only, never the link. */
  perLinkAndIp?: RateLimiter;
  /** Submissions through one link from every address before the lead is flagged (default 30 per hour). */
  floodAfter?: { attempts: number; limiter?: RateLimiter };
}

function limit(limiter: RateLimiter, key: string) {
  const decision = limiter.hit(key);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

const jsonBody: RequestHandler = (req, _res, next) => {
  if (!req.is("application/json")) return next(new ApiError(415, "Unsupported media type", "Send the answers as application/json."));
  next();
};

/** A link sent before decisions/038 posts the lead id: that no longer opens anything. */
const isLeadIdLink = (body: unknown) => typeof body === "object" && body !== null && "leadId" in body && !("token" in body);

/**
 * POST /api/questionnaire: the public client questionnaire (no session; the events' actor is
 * "public"), opened by the token of a live client link (decisions/038).
 */
export function questionnaireCommandRoutes(deps: QuestionnaireRouteDeps): Router {
  const router = Router();
  const now = () => deps.now().getTime();
  const hour = 60 * 60_000;
  const perIp = deps.perIp ?? createRateLimiter({ limit: 20, windowMs: 15 * 60_000, now });
  const perLinkAndIp = deps.perLinkAndIp ?? createRateLimiter({ limit: 10, windowMs: hour, now });
  const floodAttempts = deps.floodAfter?.attempts ?? 30;
  const perLink = deps.floodAfter?.limiter ?? createRateLimiter({ limit: floodAttempts, windowMs: hour, now });
  const links = clientLinkIndex(deps.db, deps.store);
  const byIp: RequestHandler = (req, _res, next) => {
    limit(perIp, `ip:${req.ip ?? "unknown"}`);
    next();
  };

  /** Past the flood threshold the lead is flagged to staff (at most hourly per link); the client is never refused for it. */
  async function watchForFlood(req: Request, { leadId, link }: ResolvedClientLink) {
    if (perLink.hit(`link:${link.linkId}`).allowed) return;
    const metadata = { ...commandMetadata(req, deps), actor: "system", commandId: deps.newId() }; // not the client's Idempotency-Key
    const command = {
      type: "FlagClientLinkFlood" as const,
      leadId,
      linkId: link.linkId,
      purpose: link.purpose,
      attempts: floodAttempts,
      at: metadata.at,
    };
    await handleCommand(deps.store, clientLinkStreamId(leadId), clientLinkDecider, command, { metadata, newCommandId: true });
  }

  router.post(
    "/api/questionnaire",
    byIp,
    jsonBody,
    express.json({ limit: QUESTIONNAIRE_BODY_LIMIT_BYTES, strict: true, type: "application/json" }),
    storableTextOnly,
    async (req: Request, res) => {
      if (isLeadIdLink(req.body)) throw expiredLink();
      const { token, ...answers } = parseOr400(SubmitQuestionnaireBody, req.body);
      const resolved = await links.resolve(token, "questionnaire", deps.now());
      if (!resolved) throw expiredLink();
      limit(perLinkAndIp, `${resolved.link.linkId}:${req.ip ?? "unknown"}`);
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
  );
  router.use(publicProblems(QUESTIONNAIRE_BODY_LIMIT_BYTES / 1024));
  return router;
}
