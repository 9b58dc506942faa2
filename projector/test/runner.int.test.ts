import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { activitiesProjection } from "../src/activities/activities.projection.ts";
import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import { advanceCheckpoint, loadCheckpoints } from "../src/checkpoints.ts";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import type { Projection } from "../src/projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner } from "../src/runner.ts";
import {
  caughtUp,
  countingProjection,
  drainTo,
  dumpProjections,
  dumpTable,
  headReaches,
  openProjectorFixture,
  seedLeads,
  type ProjectorFixture,
} from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const quiet = () => undefined;

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `projector runner on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      let fx: ProjectorFixture;
      beforeEach(async () => {
        fx = await openProjectorFixture(backend);
      });
      afterEach(() => fx.drop());

      /** Creates the tables and checkpoints of projections on the (empty or not) log. */
      async function build(projections: readonly Projection[]) {
        for (const projection of projections) await rebuildProjection({ db: fx.db, store: fx.store, projection });
      }

      /** What a rebuild from zero produces, to compare the incremental result with. */
      async function rebuiltFromZero(projections: readonly Projection[]) {
        await build(projections);
        return dumpProjections(fx.db, projections);
      }

      it("leaves the read models as a clean rebuild would after a handler fails mid-batch and the projector restarts", async () => {
        const failures = { remaining: 0 };
        const projections = [leadsProjection, activitiesProjection, countingProjection("event_counts", failures)];
        await build(projections);
        const { position } = await seedLeads(fx.store, 12, 3); // 12 creations + 36 appends of 2 events = 84 events

        const crashing = createProjectorRunner({ db: fx.db, store: fx.store, projections, batchSize: 10, log: quiet });
        await headReaches(fx.store, position);
        expect(await crashing.runOnce()).toBe(10);
        const afterFirstBatch = await loadCheckpoints(fx.db);
        failures.remaining = 1;
        await expect(crashing.runOnce()).rejects.toThrow(/middle of a batch/);

        const afterFailure = await loadCheckpoints(fx.db);
        for (const p of projections) {
          expect(afterFailure.get(p.name)!.position).toBe(afterFirstBatch.get(p.name)!.position);
          expect(afterFailure.get(p.name)!.lastError).toMatch(/middle of a batch/);
        }
        // The half of the failed batch that the handler wrote was rolled back with the checkpoints.
        expect(await dumpTable(fx.db, "event_counts")).toHaveLength(10);

        const restarted = createProjectorRunner({ db: fx.db, store: fx.store, projections, batchSize: 10, log: quiet });
        await drainTo(restarted, fx.db, projections, position);
        for (const checkpoint of (await loadCheckpoints(fx.db)).values()) expect(checkpoint.lastError).toBeNull();

        const incremental = await dumpProjections(fx.db, projections);
        expect(incremental.event_counts).toHaveLength(84);
        expect(incremental.leads).toHaveLength(12);
        expect(await rebuiltFromZero(projections)).toEqual(incremental);
      });

      it("retries a failed batch in its running loop and catches up", async () => {
        const failures = { remaining: 2 };
        const projections = [leadsProjection, countingProjection("event_counts", failures)];
        await build(projections);
        const { position } = await seedLeads(fx.store, 3, 2);
        const runner = createProjectorRunner({ db: fx.db, store: fx.store, projections, batchSize: 4, pollMs: 50, log: quiet });
        await runner.start();
        try {
          await vi.waitFor(async () => expect(await caughtUp(fx.db, projections, position)).toBe(true), EVENTUALLY);
        } finally {
          await runner.stop();
        }
        expect(failures.remaining).toBe(0);
        const counts = (await dumpTable(fx.db, "event_counts")) as { times: number }[];
        expect(counts).toHaveLength(3 + 3 * 2 * 2);
        expect(counts.every((c) => c.times === 1)).toBe(true);
      });

      it("builds the same read models incrementally, in small batches between appends, as a rebuild from zero", async () => {
        const projections = [leadsProjection, activitiesProjection];
        await build(projections);
        const runner = createProjectorRunner({ db: fx.db, store: fx.store, projections, batchSize: 3, log: quiet });
        await seedLeads(fx.store, 4, 2);
        await runner.runOnce();
        await runner.runOnce();
        await drainTo(runner, fx.db, projections, (await seedLeads(fx.store, 5, 4)).position);
        await drainTo(runner, fx.db, projections, (await seedLeads(fx.store, 2, 1)).position);

        const incremental = await dumpProjections(fx.db, projections);
        expect(incremental.leads).toHaveLength(11);
        expect(await rebuiltFromZero(projections)).toEqual(incremental);
      });

      // PGlite has one connection, held by the batch's transaction: nothing appends while a batch runs.
      it.skipIf(backend === "pglite")(
        "waits after a large batch while appends keep coming, so that the next batch carries them together",
        async () => {
          const sizes: number[] = [];
          let firstBatchRuns!: () => void;
          let endFirstBatch!: () => void;
          const firstBatchRunning = new Promise<void>((resolve) => (firstBatchRuns = resolve));
          const firstBatchMayEnd = new Promise<void>((resolve) => (endFirstBatch = resolve));
          const recorder: Projection = {
            ...countingProjection("batch_sizes"),
            async apply(_tx, events) {
              sizes.push(events.length);
              if (sizes.length > 1) return;
              firstBatchRuns();
              await firstBatchMayEnd;
            },
          };
          await build([recorder]);
          await seedLeads(fx.store, 2, 0);
          const runner = createProjectorRunner({
            db: fx.db,
            store: fx.store,
            projections: [recorder],
            gatherFrom: 2,
            gatherMs: 2_000,
            log: quiet,
          });
          await runner.start();
          try {
            await firstBatchRunning;
            await seedLeads(fx.store, 1, 0); // announced while the batch of two runs: the log is busy
            endFirstBatch();
            const { position } = await seedLeads(fx.store, 2, 0);
            await vi.waitFor(async () => expect(await caughtUp(fx.db, [recorder], position)).toBe(true), EVENTUALLY);
          } finally {
            await runner.stop();
          }
          expect(sizes).toEqual([2, 3]);
        },
      );

      it("says in each notice where every read model now is, a paused one holding it back", async () => {
        const projections = [leadsProjection, countingProjection("event_counts")];
        await build(projections);
        const notices: AdvancedNotice[] = [];
        const unlisten = await fx.db.listen(PROJECTIONS_CHANNEL, (payload) => notices.push(JSON.parse(payload) as AdvancedNotice));
        try {
          const runner = createProjectorRunner({ db: fx.db, store: fx.store, projections, log: quiet });
          await headReaches(fx.store, (await seedLeads(fx.store, 2, 1)).position);
          await runner.runOnce();
          await vi.waitFor(() => expect(notices).toHaveLength(1), EVENTUALLY);
          const first = (await loadCheckpoints(fx.db)).get("leads")!.position;
          expect(notices[0]).toMatchObject({ position: first, passed: first });

          runner.pause("event_counts");
          const { position } = await seedLeads(fx.store, 1, 1);
          await headReaches(fx.store, position);
          await runner.runOnce();
          await vi.waitFor(() => expect(notices).toHaveLength(2), EVENTUALLY);
          expect(notices[1]).toMatchObject({ position, passed: first });
        } finally {
          await unlisten();
        }
      });

      it("reads the checkpoints again after another writer moved one, and then follows from there", async () => {
        const counting = countingProjection("event_counts");
        await build([counting]);
        const runner = createProjectorRunner({ db: fx.db, store: fx.store, projections: [counting], log: quiet });
        const first = await seedLeads(fx.store, 1, 1);
        await drainTo(runner, fx.db, [counting], first.position);
        // A rebuild elsewhere swaps in its tables with the checkpoint past the next events.
        const skipped = await seedLeads(fx.store, 1, 1);
        await headReaches(fx.store, skipped.position);
        const { version } = (await loadCheckpoints(fx.db)).get("event_counts")!;
        expect(await fx.db.transaction((tx) => advanceCheckpoint(tx, "event_counts", version, first.position, skipped.position))).toBe(true);

        expect(await runner.runOnce()).toBe(0); // its own idea of the checkpoint was stale: the move is refused
        const last = await seedLeads(fx.store, 1, 1);
        await drainTo(runner, fx.db, [counting], last.position);
        // Each event counted once: none of the skipped ones twice, none of the later ones lost.
        const counts = (await dumpTable(fx.db, "event_counts")) as { times: number }[];
        expect(counts).toHaveLength(3 + 3);
        expect(counts.every((c) => c.times === 1)).toBe(true);
      });

      it("moves a checkpoint only from where it is and at its version", async () => {
        await build([leadsProjection]);
        const { position, version } = (await loadCheckpoints(fx.db)).get("leads")!;
        const later = "00000000000000000009-00000000000000000009";
        expect(await fx.db.transaction((tx) => advanceCheckpoint(tx, "leads", version + 1, position, later))).toBe(false);
        expect(await fx.db.transaction((tx) => advanceCheckpoint(tx, "leads", version, later, later))).toBe(false);
        expect(await fx.db.transaction((tx) => advanceCheckpoint(tx, "leads", version, position, later))).toBe(true);
        expect((await loadCheckpoints(fx.db)).get("leads")!.position).toBe(later);
      });

      it.skipIf(backend === "pglite")(
        "catches up soon after an older transaction that held the log head back ends, without waiting for the poll",
        async () => {
          const counting = countingProjection();
          await build([counting]);
          let readsDone = 0;
          const store = {
            ...fx.store,
            readAll: async (o: Parameters<typeof fx.store.readAll>[0]) => fx.store.readAll(o).finally(() => readsDone++),
          };
          const runner = createProjectorRunner({ db: fx.db, store, projections: [counting], pollMs: 600_000, log: quiet });
          await runner.start();
          const older = new pg.Client({ connectionString: fx.url });
          await older.connect();
          try {
            await older.query("BEGIN");
            await older.query("SELECT pg_current_xact_id()"); // now it holds pg_snapshot_xmin back
            const before = readsDone;
            const { position } = await seedLeads(fx.store, 1, 0);
            // The notice woke the runner, and its read found nothing visible yet.
            await vi.waitFor(() => expect(readsDone).toBeGreaterThan(before), { ...EVENTUALLY, interval: 10 });
            expect(await caughtUp(fx.db, [counting], position)).toBe(false);
            await older.query("COMMIT"); // ends without any notice
            await vi.waitFor(async () => expect(await caughtUp(fx.db, [counting], position)).toBe(true), EVENTUALLY);
          } finally {
            await older.end();
            await runner.stop();
          }
        },
      );

      it("never applies an event twice when two runners follow the same database", async () => {
        const counting = countingProjection();
        await build([counting]);
        // On Postgres the second runner has its own connection pool, as a second process would.
        const otherDb = backend === "postgres" ? createPostgresDatabase(fx.url!) : fx.db;
        const runners = [fx.db, otherDb].map((db) =>
          createProjectorRunner({ db, store: fx.store, projections: [counting], batchSize: 7, pollMs: 20, log: quiet }),
        );
        await Promise.all(runners.map((r) => r.start()));
        try {
          const seeded = await Promise.all([seedLeads(fx.store, 10, 2), seedLeads(fx.store, 10, 2), seedLeads(fx.store, 10, 2)]);
          const last = seeded
            .map((s) => s.position)
            .sort()
            .at(-1)!;
          await vi.waitFor(async () => expect(await caughtUp(fx.db, [counting], last)).toBe(true), EVENTUALLY);
        } finally {
          await Promise.all(runners.map((r) => r.stop()));
          if (otherDb !== fx.db) await otherDb.close();
        }
        const counts = (await dumpTable(fx.db, "event_counts")) as { times: number }[];
        expect(counts).toHaveLength(3 * (10 + 10 * 2 * 2));
        expect(counts.filter((c) => c.times !== 1)).toEqual([]);
      });
    },
  );
}
