import { loadConfig } from "@crm/infra/config";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "@crm/infra/testing/test-database";
import { loadCheckpoints } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedMixedEvents } from "../../../bench/lib/seed-mixed.ts";
import { openSystem, type System } from "../../src/system.ts";
import { startLeadTraffic } from "./support/live-traffic.ts";
import { checksumDiff, cleanRebuildChecksums, lastPosition, readModelChecksums } from "./support/read-model-checksum.ts";
import { killHard, startService, type ServiceProcess } from "./support/service-process.ts";

const hasPostgres = await postgresAvailable();
const REBUILD_EVENTS = 200_000;
// 20 kills in all; a kill mid-rebuild costs the rebuild done so far, so fewer of those keep the suite short.
const REBUILD_KILLS = 4;
const LIVE_KILLS = 16;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openOn(database: TestDatabase): Promise<System> {
  return openSystem(loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url!, LOG_LEVEL: "silent" }), database.db);
}

/** True once every projection has a checkpoint at its code's version, at or past `head`. */
async function caughtUp(system: System, head: string): Promise<boolean> {
  const checkpoints = await loadCheckpoints(system.db);
  return ALL_PROJECTIONS.every((p) => checkpoints.get(p.name)?.version === p.version && checkpoints.get(p.name)!.position >= head);
}

/** Waits for the projector to pass the newest committed event; resolves to that event's position. */
async function waitUntilCaughtUp(system: System, projector: ServiceProcess, timeoutMs: number): Promise<string> {
  const head = await lastPosition(system.db);
  const deadline = Date.now() + timeoutMs;
  while (!(await caughtUp(system, head))) {
    if (projector.child.exitCode !== null) throw new Error(`projector exited:\n${projector.output.join("")}`);
    if (Date.now() > deadline) throw new Error(`projector did not catch up in ${timeoutMs} ms:\n${projector.output.join("").slice(-2000)}`);
    await sleep(200);
  }
  return head;
}

const projectorOn = (database: TestDatabase) => startService("projector", { DATABASE_URL: database.url! });

// SIGKILL of a separate projector process needs a server that other processes reach: Postgres only.
describe.skipIf(!hasPostgres)(
  "projector crash recovery: SIGKILL 20 times, read models always equal a clean rebuild (needs Postgres)",
  () => {
    describe("during a 200,000-event rebuild", () => {
      let database: TestDatabase;
      let system: System;

      beforeAll(async () => {
        database = await createTestDatabase("postgres");
        system = await openOn(database);
        await seedMixedEvents(system.db, { events: REBUILD_EVENTS });
      }, 300_000);
      afterAll(async () => database?.drop());

      it(`kills the projector ${REBUILD_KILLS} times mid-rebuild; the served tables never change and the finished rebuild is exact`, async () => {
        // The reference: a clean rebuild in this process, which also leaves tables in public to serve meanwhile.
        const started = Date.now();
        await rebuildProjections({ db: system.db, store: system.store, projections: ALL_PROJECTIONS });
        const rebuildMs = Date.now() - started;
        const reference = await readModelChecksums(system.db);
        expect(Object.values(reference).filter((s) => s === "missing")).toEqual([]);
        // Forgetting the checkpoints makes every projection stale: each projector start rebuilds them all, blue/green.
        const forgetCheckpoints = () => system.db.exec("DELETE FROM projection_checkpoints");
        let midRebuild = 0;
        for (let attempt = 0; midRebuild < REBUILD_KILLS && attempt < REBUILD_KILLS * 2; attempt++) {
          await forgetCheckpoints();
          const projector = projectorOn(database);
          try {
            await projector.waitFor(/projector: building/);
            await sleep(Math.random() * rebuildMs * 0.8);
          } finally {
            await killHard(projector);
          }
          // No checkpoint yet: the kill landed before the swap (a finished rebuild is tried again, not counted).
          if ((await loadCheckpoints(system.db)).size === 0) midRebuild++;
          expect(checksumDiff(await readModelChecksums(system.db), reference), `after kill ${attempt + 1}`).toEqual([]);
        }
        expect(midRebuild).toBe(REBUILD_KILLS);
        await forgetCheckpoints();
        const projector = projectorOn(database);
        try {
          await waitUntilCaughtUp(system, projector, 240_000);
          expect(checksumDiff(await readModelChecksums(system.db), reference)).toEqual([]);
        } finally {
          await killHard(projector);
        }
      }, 600_000);
    });

    describe("during live traffic", () => {
      let database: TestDatabase;
      let system: System;

      beforeAll(async () => {
        database = await createTestDatabase("postgres");
        system = await openOn(database);
        await seedMixedEvents(system.db, { events: 2_000 });
      }, 120_000);
      afterAll(async () => database?.drop());

      it(`kills the projector ${LIVE_KILLS} times while events are appended; after each restart it catches up to a clean rebuild`, async () => {
        let projector = projectorOn(database);
        try {
          await projector.waitFor(/projector running/);
          for (let kill = 0; kill < LIVE_KILLS; kill++) {
            const traffic = startLeadTraffic(system.store);
            await sleep(100 + Math.random() * 1_500);
            await killHard(projector);
            await sleep(Math.random() * 500); // events keep coming while no projector runs
            const appended = await traffic.stop();
            expect(appended).toBeGreaterThan(0);
            // The next instance picks up where the checkpoints say, with the events that came meanwhile.
            projector = projectorOn(database);
            const head = await waitUntilCaughtUp(system, projector, 60_000);
            expect(
              checksumDiff(await readModelChecksums(system.db), await cleanRebuildChecksums(system.db, system.store, head)),
              `after kill ${kill + 1}`,
            ).toEqual([]);
          }
        } finally {
          await killHard(projector);
        }
      }, 600_000);
    });
  },
);
