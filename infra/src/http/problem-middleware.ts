import type { ErrorRequestHandler, Request, Response } from "express";
import { ZodError } from "zod";
import { ApiError, RetryLaterError, ServiceUnavailableError } from "@crm/contracts/api/errors";
import type { Problem } from "@crm/contracts/api/problem";
import { InvalidPositionError } from "../event-store/position.ts";
import { defaultLogger, type Logger } from "../log/logger.ts";
import { fieldErrorsOf } from "./validate.ts";

export const PROBLEM_TYPE = "application/problem+json";

export function sendProblem(res: Response, problem: Problem) {
  res.status(problem.status).type(PROBLEM_TYPE).send(JSON.stringify(problem));
}

/** The protection space a 401's challenge names (RFC 9110 §11.5): one for the whole API. */
export const AUTH_REALM = "Agency CRM";

/**
 * The challenge of a 401 (RFC 9110 §11.6.1 requires one). The API takes a session as a bearer token
 * or as the session cookie; only the bearer is an HTTP authentication scheme, so that is the challenge
 * (RFC 6750 §3). A request that sent a bearer the server did not accept learns error="invalid_token";
 * one that sent none gets no error code, as RFC 6750 §3.1 asks.
 */
export function bearerChallenge(req: Request): string {
  const rejectedBearer = req.account === undefined && /^Bearer\s/i.test(req.get("authorization") ?? "");
  return `Bearer realm="${AUTH_REALM}"${rejectedBearer ? ', error="invalid_token"' : ""}`;
}

/** An ApiError as problem+json, with Retry-After when it says when to try again and a challenge on a 401. */
function sendApiError(req: Request, res: Response, error: ApiError) {
  if (error instanceof RetryLaterError) res.setHeader("Retry-After", String(error.retryAfterSeconds));
  if (error.status === 401) res.setHeader("WWW-Authenticate", bearerChallenge(req));
  sendProblem(res, { type: "about:blank", title: error.title, status: error.status, detail: error.message, ...(error.errors ? { errors: error.errors } : {}) });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * The one place where errors become HTTP answers: problem+json, never a stack trace or SQL. A 5xx
 * is logged with its error (the request id comes from the log context); a 4xx is the caller's
 * mistake and shows only in the request's own log line.
 */
export function problemMiddleware(logger: Pick<Logger, "error"> = defaultLogger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof ZodError) {
      return sendProblem(res, { type: "about:blank", title: "Validation failed", status: 400, detail: "The request has invalid fields.", errors: fieldErrorsOf(error) });
    }
    if (error instanceof ApiError) return sendApiError(req, res, error);
    if (error instanceof InvalidPositionError) {
      return sendProblem(res, { type: "about:blank", title: "Bad request", status: 400, detail: error.message });
    }
    const bodyError = error as BodyParserError;
    if (bodyError.type === "entity.parse.failed") {
      return sendProblem(res, { type: "about:blank", title: "Malformed JSON", status: 400, detail: "The request body is not valid JSON.", errors: [{ field: "body", message: "Malformed JSON" }] });
    }
    if (bodyError.type === "entity.too.large") {
      return sendProblem(res, { type: "about:blank", title: "Payload too large", status: 413, detail: "The request body is larger than 1 MB." });
    }
    if (typeof bodyError.status === "number" && bodyError.status >= 400 && bodyError.status < 500) {
      return sendProblem(res, { type: "about:blank", title: "Bad request", status: bodyError.status, detail: "The request could not be read." });
    }
    if (databaseUnavailable(error)) {
      logger.error({ err: error, status: 503 }, "database unavailable");
      return sendApiError(req, res, new ServiceUnavailableError("The database cannot be reached right now; try again shortly.", 1));
    }
    logger.error({ err: error, status: 500 }, "request failed");
    sendProblem(res, { type: "about:blank", title: "Internal error", status: 500, detail: "Something went wrong on our side." });
  };
}

/** Postgres SQLSTATEs (class 08 connection exception, 57P01-57P03 shutdown) and socket errors of a database outage. */
const OUTAGE_CODES = new Set(["08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);

/** A lost or refused database connection: the request may be retried, so 503 rather than 500. */
function databaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === "string" && OUTAGE_CODES.has(code)) || /^Connection terminated|timeout exceeded when trying to connect/.test(error.message);
}
