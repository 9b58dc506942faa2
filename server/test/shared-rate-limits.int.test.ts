import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { availableBackends } from "@crm/infra/testing/test-database";
import { openReadSide } from "../src/read-side.ts";
import { openTestSystem, serveTestApp, startTestApp, type ServedApp, type TestApp } from "../testing/test-app.ts";

/**
 * Rate limits hold across app instances behind a load balancer (decisions/058): two instances on
 * one database, each with its own system and limiters (and on Postgres its own pool), count every
 * attempt against the same limit as one instance would.
 */

const backends = await availableBackends();
/** Both backends always appear in the report; Postgres is skipped, not dropped, when no server answers. */
const BACKENDS = ["postgres", "pglite"] as const;

/** A second instance of the app on the first one's database; PGlite lives in this process, so it shares the first's. */
async function secondInstance(first: TestApp): Promise<ServedApp> {
  const db = first.databaseUrl ? createPostgresDatabase(first.databaseUrl) : first.system.db;
  const system = await openTestSystem(db);
  const readSide = await openReadSide(system);
  const served = await serveTestApp(system, readSide, { commands: true, reads: true, ui: false });
  return {
    ...served,
    async close() {
      await served.close();
      await readSide.close();
      await system.background.idle();
      if (first.databaseUrl) await db.close();
      rmSync(system.config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

const post = (instance: { url: string }, path: string, body: unknown, ip: string) =>
  fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`rate limits of two app instances on one ${backend} database`, () => {
    let first: TestApp;
    let second: ServedApp;
    beforeAll(async () => {
      first = await startTestApp(backend);
      second = await secondInstance(first);
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    /** Each attempt goes to the other instance than the one before, as a round-robin balancer sends them. */
    async function alternate(n: number, attempt: (instance: { url: string }, i: number) => Promise<Response>) {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push((await attempt(i % 2 === 0 ? first : second, i)).status);
      return statuses;
    }

    it("holds sign-in at 10 attempts a minute per address, the attempts alternating between the instances", async () => {
      const ip = "10.58.0.1";
      // A different email each time: the per-email backoff (decisions/040) stays out of it.
      const signIn = (instance: { url: string }, i: number) =>
        post(instance, "/api/auth/sign-in", { email: `guess-${i}@example.com`, password: "not the password" }, ip);
      expect(await alternate(10, signIn)).toEqual(Array(10).fill(401));
      for (const instance of [first, second]) {
        const refused = await signIn(instance, 99);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Another address is counted apart.
      const elsewhere = await post(
        second,
        "/api/auth/sign-in",
        { email: "guess-elsewhere@example.com", password: "not the password" },
        "10.58.0.2",
      );
      expect(elsewhere.status).toBe(401);
    });

    it("holds password-reset requests at 5 per 15 minutes per address across the instances", async () => {
      const ip = "10.58.1.1";
      const forgot = (instance: { url: string }, i: number) =>
        post(instance, "/api/auth/password-reset", { email: `nobody-${i}@example.com` }, ip);
      expect(await alternate(5, forgot)).toEqual(Array(5).fill(202));
      expect((await forgot(first, 5)).status).toBe(429);
      expect((await forgot(second, 6)).status).toBe(429);
    });
  });
