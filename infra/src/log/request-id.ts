import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { withLogContext } from "./logger.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Short and inert: a caller's id is kept only when it cannot forge log lines or bloat them. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set first thing by requestId(): the caller's X-Request-Id when safe, else a new UUID. */
      requestId?: string;
    }
  }
}

/** The id a request is known by in the logs and in its X-Request-Id answer header. */
export const requestIdOf = (req: Request) => req.requestId ?? "";

/**
 * First middleware: names the request (echoed in X-Request-Id) and serves it inside a log
 * context, so every line logged while it runs, however deep, carries that id.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER)?.trim();
    req.requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    withLogContext({ requestId: req.requestId }, next);
  };
}
