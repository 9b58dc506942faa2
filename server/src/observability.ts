import type { Request, RequestHandler, Response, Router } from "express";
import { createRuleMatcher } from "@crm/infra/http/access-match";
import type { Logger } from "@crm/infra/log/logger";
import { requestId, requestIdOf } from "@crm/infra/log/request-id";
import { createMetrics } from "@crm/infra/metrics/metrics";
import { metricsRoutes } from "@crm/infra/metrics/metrics.routes";
import { reactorBacklog } from "@crm/infra/reactor/reactor-backlog";
import { projectionLag } from "@crm/read-api/health/projection-lag";
import { API_ROUTES } from "./api.ts";
import type { System } from "./system.ts";

/** Path parameters that are capabilities: a client link's or an invitation's token, a calendar feed's file name. */
const SECRET_PARAM = /^:(token|file)$/;

/**
 * The routes whose path carries a secret segment (decisions/038), from the declarations, and the
 * client's questionnaire page: such a request is logged as its template ("/api/questionnaire-links/:token").
 */
const secretPathOf = createRuleMatcher(
  [...API_ROUTES.map((route) => route.path as string), "/onboarding-form/:token"]
    .filter((path) => path.split("/").some((segment) => SECRET_PARAM.test(segment)))
    .map((path) => ({ method: "ANY", path })), // whatever the method asked: a token is a secret in any request
);

/** A path as logs and records may keep it: one that carries a secret as its template. */
export const loggedPath = (path: string) => secretPathOf("ANY", path)?.path ?? path;

/** The path only: a query string may carry a token or an OIDC code, and headers are never logged. */
const requestSummary = (req: Request) => ({
  method: req.method,
  url: loggedPath((req.originalUrl ?? req.url).split("?")[0]!),
});
const responseSummary = (res: Response) => ({ statusCode: res.statusCode });

/**
 * One line per answered request when its response closes: request id, method, path, status and
 * duration in ms; a 5xx at error, the rest at info. A level that writes nothing builds nothing.
 * (The error itself was logged where it was handled, the problem middleware, with its stack.)
 */
function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = Date.now();
    res.once("close", () => {
      const failed = res.statusCode >= 500;
      const level = failed ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const message = failed ? "request errored" : res.writableFinished && !req.readableAborted ? "request completed" : "request aborted";
      const line = { req: requestSummary(req), res: responseSummary(res), responseTime: Date.now() - started, requestId: requestIdOf(req) };
      logger[level](line, message);
    });
    next();
  };
}

export interface Observability {
  /** First of all middleware: the request id and its log context, the request log line, the request metrics. */
  track: RequestHandler[];
  /** GET /api/metrics, whose gauges read projector lag and reactor backlog when scraped. */
  routes: Router;
  /** Counts an Auditor's read that could not be recorded. */
  countUnrecordedRead: () => void;
}

/** Logs and metrics for one app; its metrics registry is its own, so apps in one test process do not mix. */
export function observability(system: System): Observability {
  const metrics = createMetrics({ projectionLag: () => projectionLag(system.db), reactorBacklog: () => reactorBacklog(system.db) });
  return {
    track: [requestId(), requestLog(system.log), metrics.countRequests],
    routes: metricsRoutes({ registry: metrics.registry, token: system.config.METRICS_TOKEN }),
    countUnrecordedRead: metrics.countUnrecordedRead,
  };
}
