import { Router, type Request } from "express";
import type { Database } from "@crm/infra/db/database";
import { bearerMatches, fromLoopback } from "@crm/infra/http/operator-access";
import { sendProblem } from "@crm/infra/http/problem-middleware";
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

/** Read-model names, positions and error texts are for operators: a Partner, this host, or the metrics token. */
function mayReadDetails(req: Request, metricsToken: string | undefined): boolean {
  if (req.user?.approved && req.user.role === "Partner") return true;
  return fromLoopback(req) || (metricsToken !== undefined && bearerMatches(req, metricsToken));
}

/**
 * GET /api/health (liveness: the database, each projection's checkpoint and lag) and GET /api/ready
 * (readiness: take traffic only once the read models are close to the head). The public learns
 * only "ok" or "unavailable"; operators (mayReadDetails) get the database kind and every read model.
 */
export function healthRoutes({ db, projections, readyMaxLag, metricsToken }: HealthDeps): Router {
  const router = Router();
  router.get("/api/health", async (req, res) => {
    const rows = await projectionLag(db); // a database that cannot be asked is a 500 problem, logged with the request's id
    const healthy = rows.every((p) => p.lastError === null);
    res.status(healthy ? 200 : 503);
    if (!mayReadDetails(req, metricsToken)) return void res.json({ status: healthy ? "ok" : "unavailable" });
    res.json({ status: healthy ? "ok" : "degraded", database: db.kind, projections: rows });
  });
  router.get("/api/ready", async (req, res) => {
    const rows = await projectionLag(db);
    const behind = rows.filter((p) => p.lagEvents > readyMaxLag).map((p) => ({ field: p.name, message: `${p.lagEvents} events behind` }));
    const unbuilt = projections
      .filter((name) => !rows.some((p) => p.name === name))
      .map((name) => ({ field: name, message: "not built yet" }));
    const lagging = [...behind, ...unbuilt];
    if (lagging.length === 0) return void res.json({ status: "ready", database: db.kind });
    res.setHeader("Retry-After", "5");
    if (!mayReadDetails(req, metricsToken)) {
      return sendProblem(res, { type: "about:blank", title: "Not ready", status: 503, detail: "The read models are catching up with the log." });
    }
    const names = lagging.map((p) => p.field).join(", ");
    sendProblem(res, {
      type: "about:blank",
      title: "Not ready",
      status: 503,
      detail: `Projections more than ${readyMaxLag} events behind the log: ${names}.`,
      errors: lagging,
    });
  });
  return router;
}
