import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { createUserCommand } from "../src/cli-users.ts";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const backends = await availableBackends();
/** Both backends always appear in the report; Postgres is skipped, not dropped, when no server answers. */
const BACKENDS = ["postgres", "pglite"] as const;
const PASSWORD = "a sound passphrase";
let ipCounter = 0;
/** A fresh client address per test, so the rate limiter counts each test on its own. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`sign-up, sign-in and sessions on ${backend}`, () => {
    let app: TestApp;

    /** A GET with X-Min-Position, asked again while the answer says it is stale (a loaded machine). */
    async function readFresh(path: string, bearer: string, position: string) {
      for (let attempt = 1; ; attempt++) {
        const res = await call(app, path, { bearer, headers: { "X-Min-Position": position } });
        if (res.headers.get("x-stale") !== "true" || attempt === 10) return res;
      }
    }
    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    it("signs up, sets the session cookie, and makes the first registration a Partner", async () => {
      const ip = freshIp();
      const up = await call(app, "/api/auth/sign-up", { method: "POST", body: { email: " First@Example.com ", password: PASSWORD }, ip });
      expect(up.status).toBe(201);
      expect(up.body).toMatchObject({ email: "first@example.com", user: null });
      const cookie = up.setCookie.find((c) => c.startsWith("crm_session="))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      // Beside it, the scripts' hint that a session may exist: readable by the page, and expiring alike.
      const hint = up.setCookie.find((c) => c.startsWith("crm_signed_in="))!;
      expect(hint).toMatch(/^crm_signed_in=1;/);
      expect(hint).not.toMatch(/HttpOnly/i);
      expect(/Expires=([^;]+)/.exec(hint)?.[1]).toBe(/Expires=([^;]+)/.exec(cookie)?.[1]);
      const token = up.sessionCookie!;

      expect((await call(app, "/api/auth/me", { cookie: token })).body).toMatchObject({ accountId: up.body.accountId, user: null });
      const registered = await call(app, "/api/auth/register", {
        method: "POST",
        cookie: token,
        body: { displayName: "Fiona", role: "Project Manager" },
      });
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({ id: up.body.accountId, role: "Partner", approved: true, approvedBy: null });
      const again = await call(app, "/api/auth/register", {
        method: "POST",
        cookie: token,
        body: { displayName: "Fiona", role: "Partner" },
      });
      expect(again.status).toBe(409);
    });

    it("keeps later registrations pending until a Partner approves, and shows them to the Partner", async () => {
      const partner = await signUpAs(app, { role: "Partner" });
      const up = await call(app, "/api/auth/sign-up", {
        method: "POST",
        body: { email: "pm@example.com", password: PASSWORD },
        ip: freshIp(),
      });
      const token = up.sessionCookie!;
      const registered = await call(app, "/api/auth/register", {
        method: "POST",
        cookie: token,
        body: { displayName: "Pat", role: "Project Manager" },
      });
      expect(registered.body).toMatchObject({ role: "Project Manager", approved: false, approvedAt: null });
      expect((await call(app, "/api/leads", { cookie: token })).status).toBe(403);

      const pending = await readFresh("/api/users/pending", partner.token, registered.body.position);
      expect(pending.body.map((u: { email: string }) => u.email)).toContain("pm@example.com");
      const approved = await call(app, `/api/users/${up.body.accountId}/approve`, { method: "POST", bearer: partner.token });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ approved: true, approvedBy: partner.accountId });

      expect((await call(app, "/api/auth/me", { cookie: token })).body.user).toMatchObject({ approved: true, role: "Project Manager" });
      expect((await call(app, "/api/leads", { cookie: token })).status).toBe(200);
      const users = await readFresh("/api/users", token, approved.body.position);
      expect(users.body.map((u: { id: string }) => u.id)).toContain(up.body.accountId);
    });

    it("rejects a request: gone from the read model, the person can ask again a day later", async () => {
      const partner = await signUpAs(app, { role: "Partner" });
      const pending = await signUpAs(app, { role: "Creative Director", approved: false });
      const before = await readFresh("/api/users/pending", partner.token, await app.system.store.currentPosition());
      expect(before.body.map((u: { id: string }) => u.id)).toContain(pending.accountId);
      const rejected = await call(app, `/api/users/${pending.accountId}/reject`, { method: "DELETE", bearer: partner.token });
      expect(rejected.status).toBe(204);
      const list = await readFresh("/api/users/pending", partner.token, rejected.headers.get("x-position")!);
      expect(list.body.map((u: { id: string }) => u.id)).not.toContain(pending.accountId);
      expect((await call(app, "/api/auth/me", { bearer: pending.token })).body.user).toBeNull();
      expect((await call(app, `/api/users/${pending.accountId}/reject`, { method: "DELETE", bearer: partner.token })).status).toBe(404);
      const realNow = app.system.now;
      app.system.now = () => new Date(realNow().getTime() + 25 * 3_600_000); // re-applying waits 24 hours (account-hardening test)
      try {
        const again = await call(app, "/api/auth/register", {
          method: "POST",
          bearer: pending.token,
          body: { displayName: "Cleo", role: "Creative Director" },
        });
        expect(again.body).toMatchObject({ approved: false, displayName: "Cleo" });
      } finally {
        app.system.now = realNow;
      }
    });

    it("validates the access request and answers 401 to it without a session", async () => {
      const someone = await signUpAs(app, { role: null });
      const bad = await call(app, "/api/auth/register", { method: "POST", bearer: someone.token, body: { displayName: " ", role: "CEO" } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["displayName", "role"]);
      expect((await call(app, "/api/auth/register", { method: "POST", body: { displayName: "X", role: "Partner" } })).status).toBe(401);
    });

    it("creates users from the command line that can sign in at once", async () => {
      await createUserCommand(app.system, [
        "--email",
        "cli@example.com",
        "--password",
        PASSWORD,
        "--name",
        "Cli",
        "--role",
        "creative-director",
        "--approved",
      ]);
      const signedIn = await call(app, "/api/auth/sign-in", {
        method: "POST",
        body: { email: "cli@example.com", password: PASSWORD },
        ip: freshIp(),
      });
      expect(signedIn.body.user).toMatchObject({ role: "Creative Director", approved: true, displayName: "Cli" });
      await expect(
        createUserCommand(app.system, ["--email", "cli@example.com", "--password", PASSWORD, "--name", "Cli", "--role", "Partner"]),
      ).rejects.toThrow(/already exists/);
    });

    it("says the social sign-in is not configured", async () => {
      expect((await call(app, "/api/auth/oidc/config")).body).toEqual({ enabled: false, provider: "Google" });
      expect((await call(app, "/api/auth/oidc/start")).status).toBe(404);
    });

    it("validates sign-up: 8 to 256 characters, a valid email, one account per email", async () => {
      const ip = freshIp();
      const short = await call(app, "/api/auth/sign-up", { method: "POST", body: { email: "short@example.com", password: "1234567" }, ip });
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual([expect.objectContaining({ field: "password" })]);
      const long = await call(app, "/api/auth/sign-up", {
        method: "POST",
        body: { email: "long@example.com", password: "x".repeat(257) },
        ip,
      });
      expect(long.status).toBe(400);
      const bad = await call(app, "/api/auth/sign-up", { method: "POST", body: { email: "not-an-email", password: PASSWORD }, ip });
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: "email" })]);
      expect((await call(app, "/api/auth/sign-up", { method: "POST", body: "[]", ip })).status).toBe(400);
      const longest = "violet tractors hum beneath quartz ".padEnd(256, "x");
      expect(
        (await call(app, "/api/auth/sign-up", { method: "POST", body: { email: "taken@example.com", password: longest }, ip })).status,
      ).toBe(201);
      const taken = await call(app, "/api/auth/sign-up", { method: "POST", body: { email: "TAKEN@example.com", password: PASSWORD }, ip });
      expect(taken.status).toBe(409);
      expect(taken.body.detail).toBe("An account with this email already exists.");
    });

    it("answers a wrong password and an unknown email alike, and issues a new token at every sign-in", async () => {
      const ip = freshIp();
      const user = await signUpAs(app, { role: "Project Manager", password: PASSWORD });
      const wrong = await call(app, "/api/auth/sign-in", { method: "POST", body: { email: user.email, password: "wrong password" }, ip });
      const unknown = await call(app, "/api/auth/sign-in", {
        method: "POST",
        body: { email: "nobody@example.com", password: PASSWORD },
        ip,
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.detail).toBe("Invalid email or password.");

      const first = await call(app, "/api/auth/sign-in", {
        method: "POST",
        body: { email: user.email.toUpperCase(), password: PASSWORD },
        ip,
        cookie: user.token,
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ accountId: user.accountId, user: { role: "Project Manager" } });
      expect(first.sessionCookie).toBeTruthy();
      expect(first.sessionCookie).not.toBe(user.token);
      // The session the request came with is replaced, not kept alongside.
      expect((await call(app, "/api/auth/me", { bearer: user.token })).status).toBe(401);
      expect((await call(app, "/api/auth/me", { bearer: first.sessionCookie! })).status).toBe(200);
    });

    it("signs out: the token stops working and the cookie is cleared", async () => {
      const user = await signUpAs(app, { role: "Partner" });
      const out = await call(app, "/api/auth/sign-out", { method: "POST", cookie: user.token });
      expect(out.status).toBe(204);
      expect(out.sessionCookie).toBe("");
      expect(out.setCookie.find((c) => c.startsWith("crm_signed_in="))).toMatch(/^crm_signed_in=;.*Expires=Thu, 01 Jan 1970/);
      expect((await call(app, "/api/auth/me", { cookie: user.token })).status).toBe(401);
      expect((await call(app, "/api/leads", { bearer: user.token })).status).toBe(401);
    });

    it("answers concurrent requests each for its own session and stream: sign-out and role changes count at once", async () => {
      const partner = await signUpAs(app, { role: "Partner" });
      const pm = await signUpAs(app, { role: "Project Manager" });
      const pending = await signUpAs(app, { role: "Creative Director", approved: false });
      const gone = await signUpAs(app, { role: "Partner" });
      expect((await call(app, "/api/auth/sign-out", { method: "POST", bearer: gone.token })).status).toBe(204);
      const people = [partner, pm, pending, gone];
      // Many at once, so that session checks share statements.
      const answers = await Promise.all(
        people.flatMap((who) => Array.from({ length: 8 }, () => call(app, "/api/auth/me", { bearer: who.token }))),
      );
      const byPerson = people.map((_, i) => answers.slice(i * 8, i * 8 + 8));
      expect(byPerson[0]!.map((r) => r.body.user?.role)).toEqual(Array(8).fill("Partner"));
      expect(byPerson[1]!.map((r) => r.body.user?.role)).toEqual(Array(8).fill("Project Manager"));
      expect(byPerson[2]!.map((r) => r.body.user?.approved)).toEqual(Array(8).fill(false));
      expect(byPerson[3]!.map((r) => r.status)).toEqual(Array(8).fill(401));

      expect((await call(app, "/api/users/pending", { bearer: pm.token })).status).toBe(403);
      const changed = await call(app, `/api/users/${pm.accountId}/role`, {
        method: "POST",
        bearer: partner.token,
        body: { role: "Partner" },
      });
      expect(changed.status).toBe(200);
      expect((await call(app, "/api/users/pending", { bearer: pm.token })).status).toBe(200); // from the very next request
    });

    it("expires sessions after 30 days unless used, and slides the expiry when used", async () => {
      const realNow = app.system.now;
      const DAY = 86_400_000;
      const at = (days: number) => () => new Date(realNow().getTime() + days * DAY);
      try {
        const idle = await signUpAs(app, { role: "Partner" });
        const used = await signUpAs(app, { role: "Partner" });
        app.system.now = at(20);
        const renewed = await call(app, "/api/auth/me", { cookie: used.token });
        expect(renewed.status).toBe(200);
        expect(renewed.sessionCookie).toBe(used.token);
        app.system.now = at(31);
        expect((await call(app, "/api/auth/me", { cookie: idle.token })).status).toBe(401);
        expect((await call(app, "/api/auth/me", { cookie: used.token })).status).toBe(200);
        app.system.now = at(51);
        expect((await call(app, "/api/auth/me", { bearer: used.token })).status).toBe(401);
      } finally {
        app.system.now = realNow;
      }
    });

    it("accepts the same token as a bearer, with no origin needed", async () => {
      const user = await signUpAs(app, { role: "Project Manager" });
      expect((await call(app, "/api/auth/me", { bearer: user.token })).body).toMatchObject({ accountId: user.accountId });
      const created = await call(app, "/api/leads", {
        method: "POST",
        bearer: user.token,
        body: { name: "Ada", business: "Co", email: "ada@example.com" },
      });
      expect(created.status).toBe(201);
      expect((await call(app, "/api/auth/me", { bearer: "not-a-token" })).status).toBe(401);
    });

    it("refuses cookie-authenticated writes that do not come from the app's own origin", async () => {
      const user = await signUpAs(app, { role: "Project Manager" });
      const lead = { name: "Ada", business: "Co", email: "ada@example.com" };
      const post = (extra: { origin?: string | null; headers?: Record<string, string> }) =>
        call(app, "/api/leads", { method: "POST", cookie: user.token, body: lead, ...extra });
      expect((await post({ origin: null })).status).toBe(403);
      expect((await post({ origin: "https://evil.example" })).status).toBe(403);
      expect((await post({ origin: null, headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
      expect((await post({ origin: app.url, headers: { "sec-fetch-site": "same-site" } })).status).toBe(403);
      expect((await post({})).status).toBe(201);
      expect((await post({ origin: null, headers: { "sec-fetch-site": "same-origin" } })).status).toBe(201);
      // Login CSRF: a cross-site form cannot sign the browser in either.
      const crossSignIn = await call(app, "/api/auth/sign-in", {
        method: "POST",
        origin: "https://evil.example",
        body: { email: user.email, password: PASSWORD },
        ip: freshIp(),
      });
      expect(crossSignIn.status).toBe(403);
    });

    it("limits sign-in attempts to 10 a minute per address, and sign-ups per email", async () => {
      const ip = freshIp();
      const attempt = (email: string, from: string) =>
        call(app, "/api/auth/sign-in", { method: "POST", body: { email, password: "wrong password" }, ip: from });
      for (let i = 0; i < 10; i++) expect((await attempt(`someone-${i}@example.com`, ip)).status).toBe(401);
      const limited = await attempt("someone-else@example.com", ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

      // Sign-ins per email back off sooner (account-hardening test); sign-ups keep 10 a minute.
      const signUp = (email: string) =>
        call(app, "/api/auth/sign-up", { method: "POST", body: { email, password: "password1" }, ip: freshIp() });
      for (let i = 0; i < 10; i++) expect((await signUp("target@example.com")).status).toBe(400);
      const limitedSignUp = await signUp("TARGET@example.com");
      expect(limitedSignUp.status).toBe(429);
      expect(Number(limitedSignUp.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`bootstrap on ${backend}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    it("makes exactly one of several concurrent first registrations the Partner", async () => {
      const people = await Promise.all([1, 2, 3, 4].map((n) => signUpAs(app, { role: null, email: `first-${n}@example.com` })));
      const answers = await Promise.all(
        people.map((p) =>
          call(app, "/api/auth/register", { method: "POST", bearer: p.token, body: { displayName: "Me", role: "Project Manager" } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      const approved = answers.filter((a) => a.body.approved);
      expect(approved).toHaveLength(1);
      expect(approved[0]!.body.role).toBe("Partner");
      expect(answers.filter((a) => !a.body.approved).every((a) => a.body.role === "Project Manager")).toBe(true);
    });
  });
