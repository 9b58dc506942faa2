import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { createRuleMatcher } from "@crm/infra/http/access-match";
import { AUDIENCES } from "@crm/infra/http/access-policy";
import type { RouteGroup } from "@crm/infra/http/route";
import { ACCESS_POLICY, API_ROUTES } from "../src/api.ts";

// Each route is declared once, in a route group next to its handler (docs/decisions/045-routes-declared-once.md);
// the services' lists (command-service/src/routes.ts, read-api/src/routes.ts) name every group, and
// the access policy and the OpenAPI document are derived from them. A group that a list forgets
// would be served without a policy line: these tests find it.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every module under a workspace's src/ whose name ends in .routes.ts. */
const routeModules = () =>
  ["command-service", "read-api", "infra"].flatMap((workspace) =>
    readdirSync(path.join(ROOT, workspace, "src"), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".routes.ts"))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );

const isGroup = (value: unknown): value is RouteGroup<never> =>
  typeof value === "function" && Array.isArray((value as { routes?: unknown }).routes);

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe("the declared routes", () => {
  it("come from every route group of every *.routes.ts module", async () => {
    const declared = new Set(API_ROUTES);
    const forgotten: string[] = [];
    let groups = 0;
    for (const file of routeModules()) {
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!isGroup(value)) continue;
        groups++;
        for (const route of value.routes) if (!declared.has(route)) forgotten.push(`${name} (${path.relative(ROOT, file)}): ${key(route)}`);
      }
    }
    expect(groups).toBeGreaterThan(20);
    expect(forgotten).toEqual([]);
  });

  it("name each method and path once", () => {
    const keys = API_ROUTES.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("are all under /api, each allowing known audiences", () => {
    for (const route of API_ROUTES) {
      expect(route.path, key(route)).toMatch(/^\/api\//);
      expect(route.allow.length, key(route)).toBeGreaterThan(0);
      for (const audience of route.allow) expect(AUDIENCES, key(route)).toContain(audience);
    }
  });

  it("give the access policy one line per route, which the gate finds", () => {
    expect(ACCESS_POLICY.map(key)).toEqual(API_ROUTES.map(key));
    const findRule = createRuleMatcher(ACCESS_POLICY);
    for (const route of API_ROUTES)
      expect(findRule(route.method, route.path.replace(/:[A-Za-z]+/g, "x"))?.allow, key(route)).toBe(route.allow);
  });
});
