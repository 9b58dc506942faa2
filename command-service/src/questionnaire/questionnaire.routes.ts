import express, { Router, type Request, type RequestHandler } from "express";
import { ApiError, RateLimitedError } from "@crm/contracts/api/errors";
import { QUESTIONNAIRE_BODY_LIMIT_BYTES } from "@crm/contracts/questionnaire/fields";
import type { QuestionnaireAccepted } from "@crm/contracts/questionnaire/questionnaire";
import { SubmitQuestionnaireBody } from "@crm/contracts/questionnaire/questionnaire";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { questionnaireStreamId } from "@crm/contracts/questionnaire/stream";
import { createRateLimiter, type RateLimiter } from "@crm/infra/auth/rate-limiter";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { storableTextOnly } from "@crm/infra/http/storable-text";
import { parseOr400 } from "@crm/infra/http/validate";
import { leadDecider } from "../lead/lead.decider.ts";
import { handleCommand } from "../shared/command-handler.ts";
import { commandMetadata, type CommandDeps } from "../shared/command-context.ts";
import { fold, type EventEnvelope } from "../shared/decider.ts";
import { publicProblems } from "./public-errors.ts";
import { questionnaireDecider, type LeadAvailability } from "./questionnaire.decider.ts";

export interface QuestionnaireRouteDeps extends CommandDeps {
  store: EventStore;
  /** Attempts per client address (default 20 per 15 minutes). */
  perIp?: RateLimiter;
  /** Attempts per lead id (default 5 per hour): a leaked link cannot flood a lead with versions. */
  perLead?: RateLimiter;
}

/** Whether the lead of a link can take answers, from its own stream (not a read model that may lag). */
async function availability(store: EventStore, leadId: string): Promise<LeadAvailability> {
  const events = await store.readStream(leadStreamId(leadId));
  const state = fold(leadDecider, events as unknown as EventEnvelope<Parameters<typeof leadDecider.evolve>[1]>[]);
  return state.status === "open" ? "open" : "unavailable";
}

function limit(limiter: RateLimiter, key: string) {
  const decision = limiter.hit(key);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

const jsonBody: RequestHandler = (req, _res, next) => {
  if (!req.is("application/json")) return next(new ApiError(415, "Unsupported media type", "Send the answers as application/json."));
  next();
};

/** POST /api/questionnaire: the public client questionnaire (no session; the events' actor is "public"). */
export function questionnaireCommandRoutes(deps: QuestionnaireRouteDeps): Router {
  const router = Router();
  const now = () => deps.now().getTime();
  const perIp = deps.perIp ?? createRateLimiter({ limit: 20, windowMs: 15 * 60_000, now });
  const perLead = deps.perLead ?? createRateLimiter({ limit: 5, windowMs: 60 * 60_000, now });
  const byIp: RequestHandler = (req, _res, next) => {
    limit(perIp, `ip:${req.ip ?? "unknown"}`);
    next();
  };

  router.post(
    "/api/questionnaire",
    byIp,
    jsonBody,
    express.json({ limit: QUESTIONNAIRE_BODY_LIMIT_BYTES, strict: true, type: "application/json" }),
    storableTextOnly,
    async (req: Request, res) => {
      const { leadId, ...answers } = parseOr400(SubmitQuestionnaireBody, req.body);
      limit(perLead, `lead:${leadId.toLowerCase()}`);
      const command = {
        type: "SubmitQuestionnaire" as const,
        leadId,
        responseId: deps.newId(),
        lead: await availability(deps.store, leadId),
        answers,
      };
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
