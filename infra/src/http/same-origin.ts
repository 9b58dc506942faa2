import type { Request } from "express";
import { ForbiddenError } from "@crm/contracts/api/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins the app itself is served from: PUBLIC_URL, and the origin this request was addressed to. */
function ownOrigins(req: Request, publicUrl: string | undefined): Set<string> {
  const origins = new Set<string>([`${req.protocol}://${req.get("host") ?? ""}`.toLowerCase()]);
  if (publicUrl) origins.add(new URL(publicUrl).origin.toLowerCase());
  return origins;
}

/**
 * CSRF defence for state-changing requests: a browser request from another site says so in
 * Sec-Fetch-Site or Origin, and is refused. A cookie-authenticated request must positively prove
 * it came from the app (Sec-Fetch-Site: same-origin, or a matching Origin). Bearer clients are not
 * at risk: browsers never attach the bearer token on their own.
 */
export function assertSameOrigin(req: Request, cookieAuthenticated: boolean, publicUrl: string | undefined) {
  if (SAFE_METHODS.has(req.method)) return;
  if (req.get("authorization") && !cookieAuthenticated) return;
  const site = req.get("sec-fetch-site")?.toLowerCase();
  const origin = req.get("origin")?.toLowerCase();
  if (site === "same-origin") return;
  if (site !== undefined && site !== "none") throw new ForbiddenError("Cross-site requests are not accepted.");
  if (origin !== undefined && origin !== "null") {
    if (ownOrigins(req, publicUrl).has(origin)) return;
    throw new ForbiddenError("Cross-site requests are not accepted.");
  }
  if (cookieAuthenticated) throw new ForbiddenError("Requests signed in by cookie must come from the app (send an Origin header).");
}
