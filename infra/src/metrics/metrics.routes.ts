import type { Request } from "express";
import type { Registry } from "prom-client";
import { NotFoundError, UnauthenticatedError } from "@crm/contracts/api/errors";
import { PUBLIC } from "../http/access-policy.ts";
import { bearerMatches, fromLoopback } from "../http/operator-access.ts";
import { routeGroup, type RouteBuilder } from "../http/route.ts";

export interface MetricsRouteDeps {
  registry: Registry;
  /** When set, only its bearer may scrape (from anywhere); else only loopback may. */
  token?: string | undefined;
}

/**
 * Refuses a scrape its configuration does not allow; the access policy lets every audience reach
 * this check. Without a token the endpoint does not exist beyond this host (404, not 403).
 */
function assertMayScrape(req: Request, token: string | undefined) {
  if (token === undefined) {
    if (!fromLoopback(req)) throw new NotFoundError("GET /api/metrics");
  } else if (!bearerMatches(req, token)) {
    throw new UnauthenticatedError("Send the METRICS_TOKEN as a bearer token.");
  }
}

/** GET /api/metrics: the Prometheus text exposition. */
export const metricsRoutes = routeGroup((route: RouteBuilder<MetricsRouteDeps>) => [
  route({
    method: "GET",
    path: "/api/metrics",
    allow: PUBLIC, // Prometheus has no session: the route admits loopback, or METRICS_TOKEN's bearer when set
    tag: "operations",
    summary: "Prometheus metrics (loopback only, or the METRICS_TOKEN bearer when set)",
    cache: "no-store",
    responses: { 200: { mediaType: "text/plain" } },
    handle: async ({ req, res }, { registry, token }) => {
      assertMayScrape(req, token);
      res.type(registry.contentType).send(await registry.metrics());
    },
  }),
]);
