import { constants } from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";
import { createRuleMatcher } from "@crm/infra/http/access-match";
import { ANSWER_BROTLI_QUALITY, COMPRESS_FROM_BYTES } from "@crm/infra/http/content-coding";
import type { RouteDeclaration } from "@crm/infra/http/route";

/**
 * Every dynamic answer (JSON, CSV, HTML, text) of 1 KB or more is compressed as it leaves for
 * clients that accept it: brotli (quality 4: fast enough per request) when they do, else gzip,
 * with `Vary: Accept-Encoding` on every answer that could have been. Left as they are:
 * - the live notices (text/event-stream): a compressor holds bytes back until it has enough,
 *   and each notice must reach the browser when it is written;
 * - answers that are compressed already (images, ZIPs, PDFs: `compression.filter` skips types
 *   that are not compressible) or that carry `Cache-Control: no-transform`;
 * - partial answers (206): the range was cut from the identity bytes;
 * - answers a route compressed itself (a cached lead list, compressed once per coding:
 *   infra/src/http/content-coding.ts): compression leaves a set Content-Encoding alone.
 */
export const compressAnswers: RequestHandler = compression({
  threshold: COMPRESS_FROM_BYTES,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } },
  filter: (req, res) => {
    if (res.statusCode === 206) return false;
    if (String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) return false;
    return compression.filter(req, res);
  },
});

/**
 * The caching rule of every API read (GET and HEAD under /api), set before its route runs: `no-store`
 * where the route's declaration says so (`cache: "no-store"`: a session's own account, what a capability
 * token opens, credentials, the probes), else `private, no-cache`: the browser may keep the answer but
 * revalidates it each time, sending back the ETag Express puts on every res.send (or the route's own),
 * and an answer that has not changed comes back as 304 without a body. A revalidation is an ordinary
 * read: it waits for X-Min-Position like any other (read-api/src/read-your-writes.ts), so a 304 is never
 * an answer from before one's own write. A route that knows better (an immutable logo, a calendar
 * feed's max-age, a file's hour) sets its own header and wins.
 */
export function apiCaching(routes: readonly RouteDeclaration[]): RequestHandler {
  const routeOf = createRuleMatcher(routes);
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.path.startsWith("/api/")) {
      res.setHeader("Cache-Control", routeOf(req.method, req.path)?.cache === "no-store" ? "no-store" : "private, no-cache");
    }
    next();
  };
}
