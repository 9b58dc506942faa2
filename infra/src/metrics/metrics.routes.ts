import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { Router, type Request } from "express";
import type { Registry } from "prom-client";
import { NotFoundError, UnauthenticatedError } from "@crm/contracts/api/errors";

export interface MetricsRouteDeps {
  registry: Registry;
  /** When set, only its bearer may scrape (from anywhere); else only loopback may. */
  token?: string | undefined;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** req.ip, not the socket: behind a trusted proxy on this host the socket is loopback for everyone. */
function fromLoopback(req: Request): boolean {
  const ip = (req.ip ?? "").replace(/^::ffff:/, "");
  return isIP(ip) !== 0 && (ip === "::1" || ip.startsWith("127."));
}

/** Compares digests in constant time, so the answer's timing says nothing about the token. */
function bearerMatches(req: Request, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
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
export function metricsRoutes({ registry, token }: MetricsRouteDeps): Router {
  const router = Router();
  router.get("/api/metrics", async (req, res) => {
    assertMayScrape(req, token);
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
