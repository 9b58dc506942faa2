import { randomUUID } from "node:crypto";
import { loadCheckpoints } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type CallResult } from "../../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../../testing/sign-up-as.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { startAppOn } from "./support/app-on.ts";
import { sandboxUnavailable, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.ts";
import { checksumDiff, cleanRebuildChecksums, lastPosition, readModelChecksums } from "./support/read-model-checksum.ts";

const unavailable = sandboxUnavailable();
const WRITERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  key: string;
  leadId: string;
  /** Answers before the one that succeeded (errors during the outage, or no answer at all). */
  failures: (number | string)[];
}

// Stopping a server needs one that nobody else uses: a private Postgres in a temp dir, never the shared one on 5432.
describe.skipIf(unavailable !== undefined)(
  `database faults on a private Postgres${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    let pg: PrivatePostgres;
    let app: TestApp;
    let partner: SignedIn;

    beforeAll(async () => {
      pg = await startPrivatePostgres();
      app = await startAppOn(pg.url);
      partner = await signUpAs(app, { role: "Partner" });
    }, 120_000);
    afterAll(async () => {
      await app?.close().catch(() => undefined);
      await pg?.destroy();
    });

    /** Creates one lead under one Idempotency-Key, retrying the same key until an answer is 201. */
    async function createWithRetries(until: number): Promise<Outcome> {
      const key = randomUUID();
      const failures: (number | string)[] = [];
      for (;;) {
        let res: CallResult | undefined;
        try {
          res = await call(app, "/api/leads", {
            method: "POST",
            bearer: partner.token,
            body: { name: `Fault ${key}`, business: "Outage Ltd", email: `${key}@example.com` },
            headers: { "idempotency-key": key },
          });
        } catch (error) {
          failures.push(String(error));
        }
        if (res?.status === 201) return { key, leadId: res.body.id, failures };
        if (res) {
          failures.push(res.status);
          // An outage answers 503 problem+json with Retry-After (retry the same key), leaking nothing.
          expect(res.status).toBe(503);
          expect(res.headers.get("retry-after")).toBe("1");
          expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
          expect(JSON.stringify(res.body)).not.toMatch(/select|insert|postgres|at .*\.ts:/i);
        }
        if (Date.now() > until) throw new Error(`command ${key} never succeeded: ${failures.join(", ")}`);
        await sleep(100);
      }
    }

    it("reconnects after a restart and killed connections; every retried command lands exactly once", async () => {
      const outcomes: Outcome[] = [];
      let running = true;
      const writers = Array.from({ length: WRITERS }, async () => {
        while (running) outcomes.push(await createWithRetries(Date.now() + 60_000));
      });
      await sleep(1_000);
      const killed = await pg.killConnections();
      await sleep(1_500);
      await pg.restart(1_500); // pg_ctl stop -m fast: every connection cut, nothing accepted for 1.5 s
      await sleep(1_500);
      const killedAgain = await pg.killConnections();
      await sleep(1_500);
      running = false;
      await Promise.all(writers);

      expect(killed).toBeGreaterThan(0);
      expect(killedAgain).toBeGreaterThan(0);
      expect(
        outcomes.some((o) => o.failures.length > 0),
        "some commands met the outage",
      ).toBe(true);
      await expectEachCommandOnce(outcomes);
      await expectProjectorCaughtUp(outcomes.length);
    }, 180_000);

    /** One LeadCreated per Idempotency-Key, on the stream the client was answered with; no event twice. */
    async function expectEachCommandOnce(outcomes: Outcome[]) {
      const { rows } = await app.system.db.query<{ command_id: string; stream_id: string; n: string }>(
        `SELECT metadata->>'commandId' AS command_id, min(stream_id) AS stream_id, count(*) AS n FROM events
       WHERE event_type = 'LeadCreated' GROUP BY 1`,
      );
      const byKey = new Map(rows.map((r) => [r.command_id, r]));
      for (const o of outcomes) {
        expect(byKey.get(o.key)?.n, `events for ${o.key}`).toBe("1");
        expect(byKey.get(o.key)?.stream_id).toBe(`lead-${o.leadId}`);
      }
      expect(rows.length).toBe(outcomes.length); // no lead the clients were not told about
      const { rows: dup } = await app.system.db.query("SELECT event_id FROM events GROUP BY event_id HAVING count(*) > 1");
      expect(dup).toEqual([]);
      const { rows: gaps } = await app.system.db.query(
        "SELECT stream_id FROM events GROUP BY stream_id HAVING max(stream_version) <> count(*) OR min(stream_version) <> 1",
      );
      expect(gaps).toEqual([]);
    }

    /** The projector (whose connections were cut too) catches up by itself, to what a clean rebuild gives. */
    async function expectProjectorCaughtUp(leads: number) {
      const deadline = Date.now() + 60_000;
      const head = await lastPosition(app.system.db);
      for (;;) {
        const checkpoints = await loadCheckpoints(app.system.db);
        if (ALL_PROJECTIONS.every((p) => (checkpoints.get(p.name)?.position ?? "") >= head)) break;
        if (Date.now() > deadline) throw new Error(`projector stuck: ${JSON.stringify([...checkpoints.values()])} head ${head}`);
        await sleep(200);
      }
      const { rows } = await app.system.db.query<{ n: string }>("SELECT count(*) AS n FROM leads");
      expect(Number(rows[0]!.n)).toBe(leads);
      expect(
        checksumDiff(await readModelChecksums(app.system.db), await cleanRebuildChecksums(app.system.db, app.system.store, head)),
      ).toEqual([]);
      // Read-your-writes after the restart: the checkpoint watcher's LISTEN connection came back too.
      const created = await call(app, "/api/leads", {
        method: "POST",
        bearer: partner.token,
        body: { name: "After", business: "B", email: "after@example.com" },
      });
      expect(created.status).toBe(201);
      const read = await call(app, `/api/leads/${created.body.id}`, {
        bearer: partner.token,
        headers: { "x-min-position": created.body.position },
      });
      expect(read.status).toBe(200);
    }
  },
);
