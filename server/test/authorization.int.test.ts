import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionStore } from "@crm/infra/auth/sessions";
import { AUDIENCES, type AccessRule, type Audience } from "@crm/infra/http/access-policy";
import { ACCESS_POLICY } from "../src/api.ts";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { promised, takesBody } from "./support/role-matrix.ts";

const backends = await availableBackends();
/** Both backends always appear in the report; Postgres is skipped, not dropped, when no server answers. */
const BACKENDS = ["postgres", "pglite"] as const;

/**
 * What each cell must answer: through the gate (the route's own answer, never 401/403/5xx), or refused.
 * An Auditor's cells follow the product's rule (every read, no write but its own account's), not the policy.
 */
const expected = (rule: AccessRule, audience: Audience): "allowed" | 401 | 403 => {
  const promise = promised(rule, audience);
  return promise === "through" ? "allowed" : promise;
};

/** A deactivated colleague: their sessions, even one made after the deactivation, count as signed out. */
type Caller = Audience | "deactivated";
const CALLERS: readonly Caller[] = [...AUDIENCES, "deactivated"];
const audienceOfCaller = (caller: Caller): Audience => (caller === "deactivated" ? "anonymous" : caller);

/** Every declared route against every caller: a new route is covered as soon as it is declared (server/test/api-routes.unit.test.ts checks that every group is listed). */
const CELLS = ACCESS_POLICY.flatMap((rule) =>
  CALLERS.map((audience) => ({ rule, audience, want: expected(rule, audienceOfCaller(audience)) })),
);

let cell = 0;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`authorization on ${backend}`, () => {
    let app: TestApp;
    const accounts = new Map<Caller, string>();

    beforeAll(async () => {
      app = await startTestApp(backend);
      for (const audience of AUDIENCES) {
        if (audience === "anonymous") continue;
        const role = audience === "unregistered" ? null : audience === "pending" ? "Project Manager" : audience;
        accounts.set(audience, (await signUpAs(app, { role, approved: audience !== "pending" })).accountId);
      }
      const partner = await signUpAs(app, { role: "Partner" });
      const leaving = await signUpAs(app, { role: "Project Manager" });
      const deactivated = await fetch(`${app.url}/api/users/${leaving.accountId}/deactivate`, {
        method: "POST",
        headers: { authorization: `Bearer ${partner.token}` },
      });
      expect(deactivated.status).toBe(200);
      accounts.set("deactivated", leaving.accountId);
    });
    afterAll(() => app.close());

    /** One request as an audience, each with a fresh session (sign-out must not spoil the next cell). */
    async function request(method: string, path: string, audience: Caller, withBody = false): Promise<number> {
      const headers: Record<string, string> = { "x-forwarded-for": `10.9.${Math.floor(++cell / 250)}.${cell % 250}` };
      const accountId = accounts.get(audience);
      if (accountId) headers.authorization = `Bearer ${(await sessionStore(app.system.db, () => new Date()).create(accountId)).token}`;
      if (withBody) headers["content-type"] = "application/json";
      const controller = new AbortController();
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers,
        redirect: "manual",
        signal: controller.signal,
        ...(withBody ? { body: "{}" } : {}),
      });
      controller.abort(); // the live stream never ends; the status is all we need
      return res.status;
    }

    it.each(CELLS.map((c) => [`${c.rule.method} ${c.rule.path}`, c.audience, c.want, c.rule] as const))(
      "%s as %s -> %s",
      async (_name, audience, want, rule) => {
        const status = await request(rule.method, rule.path.replace(/:[A-Za-z]+/g, randomUUID()), audience, takesBody(rule));
        if (want === "allowed") {
          expect(status, `${rule.method} ${rule.path} as ${audience}`).not.toBe(401);
          expect(status).not.toBe(403);
          expect(status).toBeLessThan(500);
        } else {
          expect(status, `${rule.method} ${rule.path} as ${audience}`).toBe(want);
        }
      },
    );

    it("cannot be dodged by letter case, a trailing slash or HEAD", async () => {
      expect(await request("GET", "/API/Users/PENDING", "Project Manager")).toBe(403);
      expect(await request("GET", "/api/users/pending/", "Creative Director")).toBe(403);
      expect(await request("HEAD", "/api/leads", "Creative Director")).toBe(403);
      expect(await request("GET", "/api/users/pending/", "Partner")).toBe(200);
      expect(await request("HEAD", "/api/users/pending", "Auditor")).toBe(200);
      expect(await request("POST", "/API/Leads/", "Auditor", true)).toBe(403);
    });

    it("answers an unknown API route 404 to approved staff, 401 to anonymous, 403 before approval", async () => {
      expect(await request("GET", "/api/no-such-thing", "Creative Director")).toBe(404);
      expect(await request("GET", "/api/no-such-thing", "anonymous")).toBe(401);
      expect(await request("GET", "/api/no-such-thing", "pending")).toBe(403);
    });
  });
