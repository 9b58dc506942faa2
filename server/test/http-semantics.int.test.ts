import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NamedStatement } from "@crm/infra/db/database";
import { problemMiddleware } from "@crm/infra/http/problem-middleware";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { openReadSide, type ReadSide } from "../src/read-side.ts";
import { API_ROUTES } from "../src/api.ts";
import { staticAssets } from "../src/static-assets.ts";
import { noIndex } from "../src/well-known.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { serveTestApp, startTestApp, type ServedApp, type TestApp } from "../testing/test-app.ts";

/**
 * HTTP as clients, crawlers and monitors expect it (issue 34, docs/decisions/054-http-semantics.md):
 * challenges on 401, 405 and OPTIONS with the declared methods, the well-known files, the robots
 * and referrer headers, Retry-After on a 503 from /api/ready.
 */

const UI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../ui");
const BUILT = existsSync(path.join(UI, "dist", "index.html"));
const LEAD_ID = "00000000-0000-4000-8000-000000000001";

describe("HTTP semantics", () => {
  const fx = appWithPartner("pglite", { PUBLIC_URL: "https://crm.example.test", SECURITY_CONTACT: "security@example.test" });
  /** The same system served as the read API process serves it, with the UI (the well-known files live there). */
  let site: ServedApp;
  let readSide: ReadSide;
  beforeAll(async () => {
    readSide = await openReadSide(fx.app.system);
    site = await serveTestApp(fx.app.system, readSide, { commands: true, reads: true, ui: true });
  });
  afterAll(async () => {
    await site?.close();
    await readSide?.close();
  });
  const get = (p: string, init: RequestInit = {}) => fetch(`${site.url}${p}`, { redirect: "manual", ...init });

  describe("401 names its challenge (RFC 9110 §11.6.1, RFC 6750 §3)", () => {
    it.each([
      ["no credentials", "GET", "/api/leads", {}, 'Bearer realm="Agency CRM"'],
      [
        "an unknown bearer",
        "GET",
        "/api/leads",
        { authorization: "Bearer not-a-session" },
        'Bearer realm="Agency CRM", error="invalid_token"',
      ],
      ["a stale session cookie", "GET", "/api/auth/me", { cookie: "crm_session=not-a-session" }, 'Bearer realm="Agency CRM"'],
      ["a wrong password", "POST", "/api/auth/sign-in", { "content-type": "application/json" }, 'Bearer realm="Agency CRM"'],
    ])("%s: %s %s", async (_case, method, p, headers: Record<string, string>, challenge) => {
      const body = method === "POST" ? JSON.stringify({ email: "nobody@example.test", password: "wrong password 1" }) : undefined;
      const res = await fetch(`${fx.app.url}${p}`, { method, headers, ...(body ? { body } : {}) });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(challenge);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    });
  });

  describe("a known path with a method it does not declare: 405 with Allow, session or not", () => {
    it.each([
      ["PUT", "/api/leads", "GET, HEAD, POST, OPTIONS"],
      ["POST", `/api/leads/${LEAD_ID}`, "GET, HEAD, PATCH, DELETE, OPTIONS"],
      ["GET", `/api/leads/${LEAD_ID}/move`, "POST, OPTIONS"],
      ["PATCH", "/api/leads/board", "GET, HEAD, OPTIONS"], // the concrete path, not /api/leads/:id
      ["DELETE", "/api/ready", "GET, HEAD, OPTIONS"],
      ["HEAD", "/api/auth/sign-in", "POST, OPTIONS"],
    ])("%s %s", async (method, p, allow) => {
      for (const bearer of [undefined, fx.partner.token]) {
        const res = await call(fx.app, p, { method, ...(bearer ? { bearer } : {}) });
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe(allow);
        if (method === "HEAD") continue; // no body to read
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 405, title: "Method not allowed" });
      }
    });

    it("leaves a declared method to its route, and an unknown path a 404", async () => {
      expect((await call(fx.app, "/api/leads", { method: "PUT", bearer: fx.partner.token })).status).toBe(405);
      expect((await call(fx.app, "/api/leads", { bearer: fx.partner.token })).status).toBe(200);
      const unknown = await call(fx.app, "/api/no-such-thing", { method: "PUT", bearer: fx.partner.token });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get("allow")).toBeNull();
      expect((await call(fx.app, "/api/no-such-thing", { bearer: fx.partner.token })).status).toBe(404);
    });
  });

  describe("OPTIONS answers 204 with the declared methods", () => {
    it.each([
      ["/api/leads", "GET, HEAD, POST, OPTIONS"],
      [`/api/leads/${LEAD_ID}`, "GET, HEAD, PATCH, DELETE, OPTIONS"],
      ["/api/calendar/feed", "GET, HEAD, POST, DELETE, OPTIONS"],
      ["/api/settings/logo", "POST, DELETE, OPTIONS"],
      ["/api/users/pending", "GET, HEAD, OPTIONS"],
      ["/api/openapi.json", "GET, HEAD, OPTIONS"],
    ])("%s", async (p, allow) => {
      const res = await call(fx.app, p, { method: "OPTIONS" });
      expect(res.status).toBe(204);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.body).toBe("");
    });

    it("lists every method each declared route takes in its path's Allow", async () => {
      const sample = (template: string) => template.replace(/:[^/]+/g, LEAD_ID);
      for (const route of API_ROUTES) {
        const res = await call(fx.app, sample(route.path), { method: "OPTIONS" });
        expect(res.status, route.path).toBe(204);
        expect(res.headers.get("allow")!.split(", "), `${route.method} ${route.path}`).toContain(route.method);
      }
    });

    it("leaves an unknown path alone (404 to a session)", async () => {
      const res = await call(fx.app, "/api/no-such-thing", { method: "OPTIONS", bearer: fx.partner.token });
      expect(res.status).toBe(404);
      expect(res.headers.get("allow")).toBeNull();
    });
  });

  describe("robots.txt and security.txt", () => {
    it("robots.txt lets crawlers reach the sign-in page only", async () => {
      const res = await get("/robots.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const lines = (await res.text()).trim().split("\n");
      expect(lines).toEqual(["User-agent: *", "Allow: /login", "Allow: /assets/", "Allow: /favicon.", "Disallow: /"]);
    });

    it("security.txt (RFC 9116) has the configured contact, an Expires under a year ahead, and its canonical URL", async () => {
      const res = await get("/.well-known/security.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const fields = Object.fromEntries(
        (await res.text())
          .trim()
          .split("\n")
          .map((line) => line.split(/: (.*)/s).slice(0, 2)),
      );
      expect(fields).toEqual({
        Contact: "mailto:security@example.test",
        Expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        "Preferred-Languages": "en",
        Canonical: "https://crm.example.test/.well-known/security.txt",
      });
      const days = (Date.parse(fields.Expires!) - fx.app.system.now().getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(360);
      expect(days).toBeLessThan(365);
    });
  });

  describe("robots and referrer headers", () => {
    it.each([
      ["an app page", "/dashboard", "noindex"],
      ["a client's link", "/onboarding-form/some-secret-token", "noindex"],
      ["an API answer", "/api/health", "noindex"],
      ["an API problem", "/api/leads", "noindex"],
      ["the sign-in page", "/login", null],
      ["robots.txt", "/robots.txt", null],
    ])("%s (%s): X-Robots-Tag %s, Referrer-Policy no-referrer", async (_case, p, robots) => {
      const res = await get(p);
      expect(res.headers.get("x-robots-tag")).toBe(robots);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    });
  });

  describe("the favicon and the web manifest (ui/public, copied into the build)", () => {
    const manifest = JSON.parse(readFileSync(path.join(UI, "public", "manifest.webmanifest"), "utf8")) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };

    it("the manifest names the app, its start, its colours and its icons, each a file of that size", () => {
      expect(manifest).toMatchObject({ name: "Agency CRM", short_name: "CRM", start_url: "/", display: "standalone" });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
      for (const size of ["192x192", "512x512"]) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.type === "image/png");
        expect(icon, size).toBeDefined();
        const png = readFileSync(path.join(UI, "public", icon!.src));
        expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size); // IHDR width and height
      }
    });

    it("favicon.ico is an icon, not a page, and index.html links the icons and the manifest", () => {
      const ico = readFileSync(path.join(UI, "public", "favicon.ico"));
      expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // ICONDIR: reserved 0, type 1 (icon)
      expect(ico.readUInt16LE(4)).toBeGreaterThan(0);
      const html = readFileSync(path.join(UI, "index.html"), "utf8");
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    });

    /**
     * Where the static files are asked for: the app itself once the UI is built; before that (a clean
     * clone: vitest runs before the journeys build the UI) the same static serving over ui/public, which
     * the build copies as it is, and a stand-in index.html.
     */
    let files: string;
    let standIn: { server: Server; dir: string } | undefined;
    beforeAll(async () => {
      if (BUILT) return void (files = site.url);
      const dir = mkdtempSync(path.join(tmpdir(), "crm-ui-public-"));
      cpSync(path.join(UI, "public"), dir, { recursive: true });
      writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Agency CRM</title>");
      const server = express().use(noIndex).use(staticAssets(dir)).use(problemMiddleware()).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      standIn = { server, dir };
      files = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      if (!standIn) return;
      await new Promise((resolve) => standIn!.server.close(resolve));
      rmSync(standIn.dir, { recursive: true, force: true });
    });

    it(`are served with their own types, from ${BUILT ? "the built UI" : "ui/public (the UI is not built)"}`, async () => {
      for (const [p, type] of [
        ["/favicon.ico", "image/vnd.microsoft.icon"],
        ["/favicon.svg", "image/svg+xml"],
        ["/manifest.webmanifest", "application/manifest+json"],
        ["/icon-192.png", "image/png"],
      ]) {
        const res = await fetch(`${files}${p}`);
        expect(res.status, p).toBe(200);
        expect(res.headers.get("content-type"), p).toContain(type);
        expect(res.headers.get("x-robots-tag"), p).toBeNull();
      }
    });

    it("a file the build lacks is a 404, not the app's HTML", async () => {
      for (const p of ["/apple-touch-icon.png", "/sitemap.xml", "/assets/gone-0123abcd.js"]) {
        const missing = await fetch(`${files}${p}`);
        expect(missing.status, p).toBe(404);
        expect(missing.headers.get("content-type"), p).not.toMatch(/html/);
      }
      expect((await fetch(`${files}/leads`)).headers.get("content-type")).toMatch(/^text\/html/); // a UI route still gets the app
    });
  });
});

describe("GET /api/ready: every 503 says when to retry", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { READY_MAX_LAG: "0" });
  });
  afterAll(() => app?.close());

  it("while a read model is behind, to operators and the public alike", async () => {
    await vi.waitFor(async () => expect((await call(app, "/api/ready")).status).toBe(200), EVENTUALLY);
    await app.projector.stop();
    try {
      const partner = await signUpAs(app, { role: "Partner" });
      const created = await call(app, "/api/leads", {
        method: "POST",
        bearer: partner.token,
        body: { name: "Ada", business: "Ada Co", email: "ada@example.com" },
      });
      expect(created.status).toBe(201);
      for (const ip of [undefined, "203.0.113.9"]) {
        const res = await vi.waitFor(async () => {
          const answer = await call(app, "/api/ready", ip ? { ip } : {});
          expect(answer.status).toBe(503);
          return answer;
        }, EVENTUALLY);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    } finally {
      await app.projector.start();
    }
  });

  it("when the database cannot be reached", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const failing = vi
      .spyOn(app.system.db, "query")
      .mockImplementation(((_sql: string | NamedStatement) => Promise.reject(refused)) as typeof app.system.db.query);
    try {
      const res = await call(app, "/api/ready");
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      failing.mockRestore();
    }
  });
});
