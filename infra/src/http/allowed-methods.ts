import type { RequestHandler } from "express";
import { ApiError } from "@crm/contracts/api/errors";
import { createPathMatcher } from "./access-match.ts";
import type { AccessRule } from "./access-policy.ts";

/** The order methods are listed in an Allow header. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** What a path answers to (RFC 9110 §10.2.1): its declared methods, HEAD wherever GET is, and OPTIONS. */
export function allowOf(declared: readonly string[]): string[] {
  const methods = new Set([...declared, "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return ORDER.filter((method) => methods.has(method));
}

/**
 * The methods of the API's declared paths (docs/decisions/054-http-semantics.md): OPTIONS on a known
 * path answers 204 with its Allow; another method it does not declare answers 405 with the same Allow
 * (RFC 9110 §15.5.6) as a problem. Both come before the session and the access policy: they say what
 * the public OpenAPI document says, whoever asks, and the policy would call an undeclared
 * method-and-path a 401. A path no route declares goes on untouched (404, or 401 for the anonymous).
 */
export function allowedMethods(routes: readonly Pick<AccessRule, "method" | "path">[]): RequestHandler {
  const methodsOf = createPathMatcher(routes);
  return (req, res, next) => {
    if (!/^\/api\//i.test(req.path)) return next();
    const declared = methodsOf(req.path);
    if (declared.length === 0) return next();
    const allow = allowOf(declared);
    if (allow.includes(req.method)) {
      if (req.method !== "OPTIONS") return next();
      return void res.setHeader("Allow", allow.join(", ")).status(204).end();
    }
    res.setHeader("Allow", allow.join(", "));
    next(new ApiError(405, "Method not allowed", `${req.path} answers ${allow.join(", ")}, not ${req.method}.`));
  };
}
