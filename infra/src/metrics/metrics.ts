import type { Request, RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Read at scrape time, so a scrape shows the log as it is, not as some timer last saw it. */
export interface LagSources {
  projectionLag(): Promise<readonly { name: string; lagEvents: number }[]>;
  reactorBacklog(): Promise<readonly { name: string; backlogEvents: number }[]>;
}

export interface Metrics {
  registry: Registry;
  /** Counts and times every request by method, route pattern and status; 409/412 also as conflicts. */
  countRequests: RequestHandler;
  /** Counts an Auditor's read whose record could not be appended (the read was answered all the same). */
  countUnrecordedRead: () => void;
}

/** The route pattern ("/api/leads/:id"), never the raw URL: ids in labels would grow the series without end. */
function routeOf(req: Request): string {
  const path: unknown = req.route?.path;
  return typeof path === "string" ? req.baseUrl + path : "unmatched";
}

/**
 * prom-client's default gauges whose names end in "_total", which Prometheus keeps for counters
 * (`promtool check metrics` flags them). Each is the sum of a labelled gauge it also exports, by
 * type: sum(nodejs_active_handles) is the same number.
 */
const GAUGES_NAMED_LIKE_COUNTERS = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];

/** One registry per app: the HTTP, command, projector and outbox series, and Node's process metrics. */
export function createMetrics(sources: LagSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of GAUGES_NAMED_LIKE_COUNTERS) registry.removeSingleMetric(name);
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "crm_http_requests_total", help: "HTTP requests answered", labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "crm_http_request_duration_seconds",
    help: "Time to answer an HTTP request",
    labelNames,
    registers: [registry],
  });
  const conflicts = new Counter({
    name: "crm_command_conflicts_total",
    help: "Commands refused for a stale version (409/412)",
    labelNames: ["route"],
    registers: [registry],
  });
  new Gauge({
    name: "crm_projection_lag_events",
    help: "Events between a projection's checkpoint and the log head",
    labelNames: ["projection"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const p of await sources.projectionLag()) this.set({ projection: p.name }, p.lagEvents);
    },
  });
  new Gauge({
    name: "crm_reactor_backlog_events",
    help: "Events after a reactor's checkpoint (its outbox requests not yet handled are among them)",
    labelNames: ["reactor"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await sources.reactorBacklog()) this.set({ reactor: r.name }, r.backlogEvents);
    },
  });

  const unrecordedReads = new Counter({
    name: "crm_auditor_reads_unrecorded_total",
    help: "Reads by an Auditor answered without their record in the log (the append failed)",
    registers: [registry],
  });

  const countRequests: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.once("finish", () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      stop(labels);
      requests.inc(labels);
      if (res.statusCode === 409 || res.statusCode === 412) conflicts.inc({ route: labels.route });
    });
    next();
  };
  return { registry, countRequests, countUnrecordedRead: () => unrecordedReads.inc() };
}
