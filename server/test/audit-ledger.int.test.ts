import { execFile } from "node:child_process";
import { createPublicKey, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkpointMessage, type SignedCheckpoint } from "@crm/contracts/audit/verify";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor } from "./leads-helpers.ts";

const backends = await availableBackends();
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** The crm CLI against the app's database and data folder (its key), as an operator runs it. */
async function crm(app: TestApp, ...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATABASE_URL: app.databaseUrl!, DATA_DIR: app.system.config.DATA_DIR, LOG_LEVEL: "silent" };
  try {
    const { stdout } = await run(path.join(ROOT, "node_modules/.bin/tsx"), ["server/src/cli.ts", ...args], { cwd: ROOT, env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** The app the tests of a block share: a Partner's lead created and moved, chained. */
function ledgerApp(backend: (typeof backends)[number]) {
  const fixture = {} as { app: TestApp; partner: SignedIn; manager: SignedIn; leadId: string };
  beforeAll(async () => {
    fixture.app = await startTestApp(backend, {}, { chain: true });
    fixture.partner = await signUpAs(fixture.app, { role: "Partner" });
    fixture.manager = await signUpAs(fixture.app, { role: "Project Manager" });
    const client = clientFor(fixture.app, fixture.partner);
    const created = await client.post("/api/leads", { name: "Ada Lovelace", business: "Engines & Co", email: "ada@example.com" });
    fixture.leadId = created.body.id;
    expect((await client.patch(`/api/leads/${fixture.leadId}`, { stage: "Contacted" })).status).toBe(200);
    await fixture.app.chain!.settle();
  });
  afterAll(() => fixture.app?.close());
  return fixture;
}

describe.each(backends)("the ledger over HTTP on %s", (backend) => {
  const fx = ledgerApp(backend);

  it("answers a verification of the whole log, and a checkpoint signed by the server's key", async () => {
    const { app, partner } = fx;
    const verified = await call(app, "/api/audit/verify", { bearer: partner.token });
    expect(verified.status).toBe(200);
    const { rows } = await app.system.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events");
    expect(verified.body).toMatchObject({ status: "intact", checked: rows[0]!.n, pending: 0, firstBreak: null, checkpoints: { failed: [] } });

    // The follower signed the head when it first chained (no checkpoint existed yet).
    const latest = await call(app, "/api/audit/checkpoints/latest", { bearer: partner.token });
    expect(latest.status).toBe(200);
    const checkpoint = latest.body as SignedCheckpoint;
    expect(checkpoint.publicKey).toBe(app.system.auditKey.publicKeyPem);
    expect(
      verify(
        null,
        Buffer.from(checkpointMessage(checkpoint)),
        createPublicKey(checkpoint.publicKey),
        Buffer.from(checkpoint.signature, "base64"),
      ),
    ).toBe(true);
  });

  it("refuses staff who are not Partners or Auditors", async () => {
    for (const route of ["/api/audit/verify", "/api/audit/checkpoints/latest"])
      expect((await call(fx.app, route, { bearer: fx.manager.token })).status).toBe(403);
  });
});

// The CLI is a second process on the app's database: Postgres only (an embedded PGlite has one process).
if (backends.includes("postgres"))
  describe("the ledger's CLI on postgres", () => {
    const fx = ledgerApp("postgres");
    const folder = mkdtempSync(path.join(tmpdir(), "crm-ledger-"));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it("exports a checkpoint and verifies it, until an older event changes", { timeout: 60_000 }, async () => {
      const { app, partner, leadId } = fx;
      const file = path.join(folder, "checkpoint.json");
      const exported = await crm(app, "audit", "checkpoint", "--export", file);
      expect(exported.code).toBe(0);
      const kept = JSON.parse(readFileSync(file, "utf8")) as SignedCheckpoint;
      expect(kept.keyId).toBe(app.system.auditKey.keyId);
      const intact = await crm(app, "audit", "verify", "--checkpoint", file);
      expect(intact).toMatchObject({ code: 0, out: expect.stringMatching(/^Intact/) });
      expect(intact.out).toContain(`The checkpoint of event ${kept.seq}`);

      const { rows } = await app.system.db.query<{ event_id: string }>(
        `SELECT event_id FROM events WHERE stream_id = $1 ORDER BY stream_version LIMIT 1`,
        [`lead-${leadId}`],
      );
      const victim = rows[0]!.event_id;
      await app.system.db.query(`UPDATE events SET data = jsonb_set(data, '{name}', '"Ada Byron"') WHERE event_id = $1`, [victim]);
      const broken = await crm(app, "audit", "verify", "--checkpoint", file);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(`is altered (LeadCreated ${victim}`);

      const answered = await call(app, "/api/audit/verify", { bearer: partner.token });
      expect(answered.body).toMatchObject({
        status: "broken",
        firstBreak: { reason: "altered", eventId: victim, streamId: `lead-${leadId}` },
      });
    });
  });
