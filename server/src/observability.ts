import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Router } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "@crm/infra/log/logger";
import { requestId, requestIdOf } from "@crm/infra/log/request-id";
import { createMetrics } from "@crm/infra/metrics/metrics";
import { metricsRoutes } from "@crm/infra/metrics/metrics.routes";
import { reactorBacklog } from "@crm/infra/reactor/reactor-backlog";
import { projectionLag } from "@crm/read-api/health/projection-lag";
import type { System } from "./system.ts";

/** The path only: a query string may carry a token or an OIDC code, and headers are never logged. */
const requestSummary = (req: IncomingMessage) => ({
  method: req.method,
  url: ((req as Request).originalUrl ?? req.url ?? "").split("?")[0],
});
const responseSummary = (res: ServerResponse) => ({ statusCode: res.statusCode });

/** One line per answered request: request id, method, path, status and duration in ms. */
function requestLog(logger: Logger) {
  const line = (req: IncomingMessage, _res: ServerResponse, fields: object) => ({ ...fields, requestId: requestIdOf(req as Request) });
  return pinoHttp({
    logger,
    genReqId: (req) => requestIdOf(req as Request),
    wrapSerializers: false,
    serializers: { req: requestSummary, res: responseSummary },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessObject: line,
    // The error itself was logged where it was handled (the problem middleware), with its stack.
    customErrorObject: (req, res, _error, { err: _err, ...fields }: { err?: unknown }) => line(req, res, fields),
  });
}

export interface Observability {
  /** First of all middleware: the request id and its log context, the request log line, the request metrics. */
  track: RequestHandler[];
  /** GET /api/metrics, whose gauges read projector lag and reactor backlog when scraped. */
  routes: Router;
}

/** Logs and metrics for one app; its metrics registry is its own, so apps in one test process do not mix. */
export function observability(system: System): Observability {
  const metrics = createMetrics({ projectionLag: () => projectionLag(system.db), reactorBacklog: () => reactorBacklog(system.db) });
  return {
    track: [requestId(), requestLog(system.log), metrics.countRequests],
    routes: metricsRoutes({ registry: metrics.registry, token: system.config.METRICS_TOKEN }),
  };
}
