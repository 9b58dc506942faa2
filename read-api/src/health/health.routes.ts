import type { Request } from "express";
import { Health, Ready } from "@crm/contracts/health/health";
import type { Database } from "@crm/infra/db/database";
import { PUBLIC, readsAsPartner } from "@crm/infra/http/access-policy";
import { bearerMatches, fromLoopback } from "@crm/infra/http/operator-access";
import { sendProblem } from "@crm/infra/http/problem-middleware";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { projectionLag } from "./projection-lag.ts";

export interface HealthDeps {
  db: Database;
  /** The projections this deployment runs: one without a checkpoint yet is not ready. */
  projections: readonly string[];
  /** Readiness fails while a projection is more events than this behind the log head. */
  readyMaxLag: number;
  /** METRICS_TOKEN: its bearer reads the details from anywhere, as it scrapes the metrics. */
  metricsToken?: string | undefined;
}

/** Read-model names, positions and error texts are for operators: a Partner (and the Auditor), this host, or the metrics token. */
function mayReadDetails(req: Request, metricsToken: string | undefined): boolean {
  if (req.user?.approved && readsAsPartner(req.user.role)) return true;
  return fromLoopback(req) || (metricsToken !== undefined && bearerMatches(req, metricsToken));
}

/**
 * GET /api/health (liveness: the database, each projection's checkpoint and lag) and GET /api/ready
 * (readiness: take traffic only once the read models are close to the head). The public learns
 * only "ok" or "unavailable"; operators (mayReadDetails) get the database kind and every read model.
 */
export const healthRoutes = routeGroup((route: RouteBuilder<HealthDeps>) => [
  route({
    method: "GET",
    path: "/api/health",
    allow: PUBLIC,
    tag: "operations",
    summary:
      "Liveness: ok (200) or unavailable (503); a Partner, this host or the METRICS_TOKEN bearer also get the database and each read model's lag",
    cache: "no-store",
    responses: { 200: Health, 503: Health },
    handle: async ({ req, res }, { db, metricsToken }) => {
      const rows = await projectionLag(db); // a database that cannot be asked is a 500 problem, logged with the request's id
      const healthy = rows.every((p) => p.lastError === null);
      res.status(healthy ? 200 : 503);
      if (!mayReadDetails(req, metricsToken)) return void res.json({ status: healthy ? "ok" : "unavailable" } satisfies Health);
      res.json({ status: healthy ? "ok" : "degraded", database: db.kind, projections: rows } satisfies Health);
    },
  }),
  route({
    method: "GET",
    path: "/api/ready",
    allow: PUBLIC,
    tag: "operations",
    summary: "Readiness: 503 while a projection is more than READY_MAX_LAG events behind the log",
    cache: "no-store",
    responses: { 200: Ready },
    handle: async ({ req, res }, { db, projections, readyMaxLag, metricsToken }) => {
      const rows = await projectionLag(db);
      const behind = rows.filter((p) => p.lagEvents > readyMaxLag).map((p) => ({ field: p.name, message: `${p.lagEvents} events behind` }));
      const unbuilt = projections
        .filter((name) => !rows.some((p) => p.name === name))
        .map((name) => ({ field: name, message: "not built yet" }));
      const lagging = [...behind, ...unbuilt];
      if (lagging.length === 0) return void res.json({ status: "ready", database: db.kind } satisfies Ready);
      res.setHeader("Retry-After", "5");
      if (!mayReadDetails(req, metricsToken)) {
        return sendProblem(res, {
          type: "about:blank",
          title: "Not ready",
          status: 503,
          detail: "The read models are catching up with the log.",
        });
      }
      const names = lagging.map((p) => p.field).join(", ");
      sendProblem(res, {
        type: "about:blank",
        title: "Not ready",
        status: 503,
        detail: `Projections more than ${readyMaxLag} events behind the log: ${names}.`,
        errors: lagging,
      });
    },
  }),
]);
