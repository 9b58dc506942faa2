import type { Express } from "express";
import { createRuleMatcher } from "./access-match.ts";
import { ACCESS_POLICY, type AccessRule } from "./access-policy.ts";

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

function collect(stack: readonly Layer[], prefix: string, out: RegisteredRoute[]) {
  for (const layer of stack) {
    if (layer.route) {
      if (typeof layer.route.path !== "string") continue;
      for (const method of Object.keys(layer.route.methods))
        if (method !== "_all") out.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
      collect(layer.handle.stack, prefix + mount, out);
    }
  }
}

/** Every method + path the app routes (string paths only), walking nested routers. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  collect((app as unknown as { router: { stack: Layer[] } }).router.stack, "", out);
  return out;
}

/** The /api routes the app serves that have no line in the access policy. */
export function routesWithoutPolicy(app: Express, policy: readonly AccessRule[] = ACCESS_POLICY): RegisteredRoute[] {
  const findRule = createRuleMatcher(policy);
  return registeredRoutes(app).filter((r) => /^\/api(\/|$)/i.test(r.path) && !findRule(r.method, r.path));
}

/** Fails fast at start: a route nobody classified would be open to every approved user. */
export function assertEveryRouteHasAPolicy(app: Express, policy: readonly AccessRule[] = ACCESS_POLICY) {
  const missing = routesWithoutPolicy(app, policy);
  if (missing.length > 0) {
    const lines = missing.map((r) => `  ${r.method} ${r.path}`).join("\n");
    throw new Error(`These API routes have no line in infra/src/http/access-policy.ts (add one each):\n${lines}`);
  }
}
