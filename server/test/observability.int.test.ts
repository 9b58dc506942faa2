import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NamedStatement } from "@crm/infra/db/database";
import { createLogger } from "@crm/infra/log/logger";
import { createReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { call, type CallOptions } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { takeViolations } from "../testing/conformance-setup.ts";

const hasPostgres = await postgresAvailable();
const READY_MAX_LAG = 5;

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  err?: { message: string };
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** A pino destination that keeps the lines, so the test reads what production would print. */
function captureLines() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

/** The value of one Prometheus series (0 when absent), e.g. series(text, 'crm_http_requests_total{method="GET",...}'). */
function series(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `Observability on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      const captured = captureLines();
      const fx = appWithPartner(backend, { READY_MAX_LAG: String(READY_MAX_LAG) }, { log: captured.logger });

      const api = (path: string, options: CallOptions = {}) => call(fx.app, path, { bearer: fx.partner.token, ...options });
      const metrics = async () => {
        const res = await call(fx.app, "/api/metrics");
        expect(res.status).toBe(200);
        return res.body as string;
      };
      const createLead = async (name: string) => {
        const res = await api("/api/leads", { method: "POST", body: { name, business: `${name} Co`, email: "lead@example.com" } });
        expect(res.status).toBe(201);
        return res.body as { id: string; position: string };
      };

      it("gives every line of a request, down to the problem middleware's 500, the request's id", async () => {
        const query = fx.app.system.db.query.bind(fx.app.system.db);
        const failing = vi
          .spyOn(fx.app.system.db, "query")
          .mockImplementation(((sql: string | NamedStatement, params?: unknown[]) =>
            (typeof sql === "string" ? sql : sql.text).includes("lag.events")
              ? Promise.reject(new Error("forced failure"))
              : query(sql, params)) as typeof query);
        const from = captured.lines.length;
        const res = await call(fx.app, "/api/health?token=secret-in-query", {
          bearer: "secret-bearer",
          headers: { "X-Request-Id": "trace-42.a_b" },
        });
        failing.mockRestore();
        // The planted 500 and the secret in the query are this test's own, not the API's.
        expect(await takeViolations()).toEqual([expect.stringMatching(/^GET \/api\/health\?token=secret-in-query → 500: status 500 is not documented/)]);
        expect(res.status).toBe(500);
        expect(res.headers.get("x-request-id")).toBe("trace-42.a_b");
        await vi.waitFor(() => expect(captured.lines.slice(from).some((l) => l.res?.statusCode === 500)).toBe(true), EVENTUALLY);
        const lines = captured.lines.slice(from);
        expect(lines.find((l) => l.msg === "request failed")).toMatchObject({
          level: 50,
          requestId: "trace-42.a_b",
          err: { message: "forced failure" },
        });
        expect(lines.map((l) => l.requestId)).toEqual(lines.map(() => "trace-42.a_b"));
        expect(JSON.stringify(lines)).not.toMatch(/secret-in-query|secret-bearer/);
      });

      it("logs one info line per answered request: its id, method, path without the query, status and duration", async () => {
        const from = captured.lines.length;
        const res = await api("/api/stats?token=secret-in-query", { headers: { "X-Request-Id": "line-7" } });
        expect(res.status).toBe(200);
        expect(await takeViolations()).toEqual(['GET /api/stats?token=secret-in-query → 200: query parameter "token" is not documented']);
        await vi.waitFor(() => expect(captured.lines.slice(from).some((l) => l.requestId === "line-7")).toBe(true), EVENTUALLY);
        const lines = captured.lines.slice(from).filter((l) => l.requestId === "line-7");
        expect(lines).toEqual([
          expect.objectContaining({
            level: 30,
            msg: "request completed",
            req: { method: "GET", url: "/api/stats" },
            res: { statusCode: 200 },
          }),
        ]);
        expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
      });

      it("logs a secret path segment as its name: a client link's, an invitation's, a calendar feed's", async () => {
        const from = captured.lines.length;
        const token = "q3Zt0mYk8vJx2Hc7Lw5Rb1Ns9Pd4Fg6Ae0Ui3Ko7Ty2";
        expect((await call(fx.app, `/api/questionnaire-links/${token}`, { headers: { "X-Request-Id": "link-1" } })).status).toBe(410);
        await call(fx.app, `/onboarding-form/${token}`, { headers: { "X-Request-Id": "link-2" } });
        await call(fx.app, `/api/auth/invites/${token}`, { headers: { "X-Request-Id": "link-3" } });
        await call(fx.app, `/api/calendar/feeds/${token}.ics`, { headers: { "X-Request-Id": "link-4" } });
        // A method the path does not take (405) is logged without the token too.
        await call(fx.app, `/api/questionnaire-links/${token}`, { method: "DELETE", headers: { "X-Request-Id": "link-5" } });
        await vi.waitFor(
          () => expect(captured.lines.slice(from).filter((l) => /^link-/.test(l.requestId ?? ""))).toHaveLength(5),
          EVENTUALLY,
        );
        const lines = captured.lines.slice(from).filter((l) => /^link-/.test(l.requestId ?? ""));
        expect(lines.map((l) => l.req?.url).sort()).toEqual([
          "/api/auth/invites/:token",
          "/api/calendar/feeds/:file",
          "/api/questionnaire-links/:token",
          "/api/questionnaire-links/:token",
          "/onboarding-form/:token",
        ]);
        expect(JSON.stringify(captured.lines.slice(from))).not.toContain(token);
      });

      it("echoes a safe X-Request-Id and replaces a hostile or missing one", async () => {
        const kept = await call(fx.app, "/api/health", { headers: { "X-Request-Id": "abc-123" } });
        expect(kept.headers.get("x-request-id")).toBe("abc-123");
        for (const hostile of ['a b {"level":60}', "x".repeat(65), "../../etc"]) {
          const replaced = await call(fx.app, "/api/health", { headers: { "X-Request-Id": hostile } });
          expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        }
        const made = await call(fx.app, "/api/health");
        expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(captured.lines.some((l) => l.requestId === "../../etc")).toBe(false);
      });

      it("counts requests by route pattern and 409/412 answers as conflicts", async () => {
        const { id, position } = await createLead("Metered");
        const health = 'crm_http_requests_total{method="GET",route="/api/health",status="200"}';
        const before = await metrics();
        await call(fx.app, "/api/health");
        expect((await api(`/api/leads/${id}`, { headers: { "X-Min-Position": position } })).status).toBe(200);
        const conflict = await api(`/api/leads/${id}`, { method: "PATCH", body: { notes: "a", expectedVersion: 5 } });
        expect(conflict.status).toBe(409);
        const after = await metrics();
        expect(series(after, health)).toBe(series(before, health) + 1);
        expect(series(after, 'crm_http_requests_total{method="GET",route="/api/leads/:id",status="200"}')).toBeGreaterThanOrEqual(1);
        expect(after).not.toContain(id); // route patterns, never the raw URL
        const conflicts = 'crm_command_conflicts_total{route="/api/leads/:id"}';
        expect(series(after, conflicts)).toBe(series(before, conflicts) + 1);
        expect(after).toMatch(/^crm_http_request_duration_seconds_bucket\{.*route="\/api\/health"/m);
        expect(after).toMatch(/^process_cpu_user_seconds_total /m);
      });

      it("shows each projection's lag and each reactor's backlog, read at scrape time", async () => {
        const reactor = createReactorRunner({
          db: fx.app.system.db,
          store: fx.app.system.store,
          reactor: { name: "test-outbox", handles: () => true, handle: async () => undefined },
          log: () => undefined,
        });
        const backlog = async () => series(await metrics(), 'crm_reactor_backlog_events{reactor="test-outbox"}');
        // An append becomes readable once older transactions end (the store's head): hence the waits.
        const catchUp = () =>
          vi.waitFor(async () => {
            while ((await reactor.runOnce()) > 0);
            expect(await backlog()).toBe(0);
          }, EVENTUALLY);
        await catchUp();
        expect(await metrics()).toMatch(/^crm_projection_lag_events\{projection="leads"\} \d+$/m);
        await createLead("Backlogged");
        await createLead("Backlogged too");
        await vi.waitFor(async () => expect(await backlog()).toBeGreaterThanOrEqual(2), EVENTUALLY);
        await catchUp();
      });

      it("serves metrics to loopback only when no METRICS_TOKEN is set", async () => {
        const remote = await call(fx.app, "/api/metrics", { ip: "203.0.113.9" });
        expect(remote.status).toBe(404);
        expect(remote.body).toMatchObject({ status: 404 });
      });

      it("is not ready while the stopped projector falls more than READY_MAX_LAG events behind, and ready once it catches up", async () => {
        const ready = () =>
          vi.waitFor(async () => expect((await call(fx.app, "/api/ready")).status).toBe(200), { ...EVENTUALLY, interval: 100 });
        await ready(); // the earlier tests' appends may still be on their way
        await fx.app.projector.stop();
        try {
          for (let i = 0; i <= READY_MAX_LAG; i++) await createLead(`Unprojected ${i}`);
          // The last appends count once every older transaction has ended (the store's head).
          const notReady = await vi.waitFor(async () => {
            const res = await call(fx.app, "/api/ready");
            expect(res.status).toBe(503);
            return res;
          }, EVENTUALLY);
          expect(notReady.headers.get("content-type")).toMatch(/^application\/problem\+json/);
          expect(notReady.body.errors).toContainEqual({ field: "leads", message: expect.stringMatching(/^\d+ events behind$/) });
          expect(notReady.body.detail).toContain("leads");
          const lag = series(await metrics(), 'crm_projection_lag_events{projection="leads"}');
          expect(lag).toBeGreaterThan(READY_MAX_LAG);
          expect((await call(fx.app, "/api/health")).status).toBe(200); // liveness does not depend on lag
        } finally {
          await fx.app.projector.start();
        }
        await ready();
      });
    },
  );
}

describe("GET /api/metrics behind METRICS_TOKEN", () => {
  let app: TestApp;
  const token = "a-metrics-token-of-some-length";
  beforeAll(async () => {
    app = await startTestApp("pglite", { METRICS_TOKEN: token });
  });
  afterAll(() => app?.close());

  it("asks for the token even from loopback, and serves its bearer from anywhere", async () => {
    expect((await call(app, "/api/metrics")).status).toBe(401);
    expect((await call(app, "/api/metrics", { bearer: "not-the-token-at-all" })).status).toBe(401);
    const scraped = await call(app, "/api/metrics", { bearer: token, ip: "203.0.113.9" });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(scraped.body).toContain("crm_http_requests_total");
  });
});

describe("GET /api/health and /api/ready to the public", () => {
  let app: TestApp;
  const token = "a-metrics-token-of-some-length";
  beforeAll(async () => {
    app = await startTestApp("pglite", { METRICS_TOKEN: token });
  });
  afterAll(() => app?.close());
  /** A caller on another host, as a trusted proxy on this one forwards it. */
  const outside = { ip: "203.0.113.9" };

  it("tells a caller from another host only ok, and the details to this host, a Partner or the metrics token", async () => {
    const anonymous = await call(app, "/api/health", outside);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ status: "ok" });
    const manager = await signUpAs(app, { role: "Project Manager" });
    expect((await call(app, "/api/health", { ...outside, bearer: manager.token })).body).toEqual({ status: "ok" });

    const partner = await signUpAs(app, { role: "Partner" });
    const detailed = [
      await call(app, "/api/health", { ...outside, bearer: partner.token }),
      await call(app, "/api/health", { ...outside, bearer: token }),
      await call(app, "/api/health"),
    ];
    for (const res of detailed) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "ok", database: "pglite" });
      expect(res.body.projections.map((p: { name: string }) => p.name)).toContain("leads");
    }
  });

  it("tells the public unavailable, without names, while a read model has failed or lags", async () => {
    await app.system.db.query("UPDATE projection_checkpoints SET last_error = 'boom in leads' WHERE name = 'leads'");
    try {
      const anonymous = await call(app, "/api/health", outside);
      expect(anonymous.status).toBe(503);
      expect(anonymous.body).toEqual({ status: "unavailable" });
      const local = await call(app, "/api/health");
      expect(local.status).toBe(503);
      expect(JSON.stringify(local.body)).toContain("boom in leads");
    } finally {
      await app.system.db.query("UPDATE projection_checkpoints SET last_error = NULL WHERE name = 'leads'");
    }
  });
});
