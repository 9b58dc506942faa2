import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { loadCheckpoints } from "../src/checkpoints.ts";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import type { Projection } from "../src/projection.ts";
import { startProjector } from "../src/projector.ts";
import { caughtUp, headReaches, openProjectorFixture, seedLeads, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const quiet = () => undefined;

/** v2 of the leads read model writes names in capitals; its rebuild waits at a gate the test opens. */
function leadsV2() {
  let enter!: () => void;
  let open!: () => void;
  const entered = new Promise<void>((r) => (enter = r));
  const gate = new Promise<void>((r) => (open = r));
  const projection: Projection = {
    ...leadsProjection,
    version: leadsProjection.version + 1,
    async apply(tx, events) {
      enter();
      await gate;
      await leadsProjection.apply(tx, events);
      await tx.query("UPDATE leads SET name = upper(name)");
    },
  };
  return { projection, entered, open };
}

const names = async (fx: ProjectorFixture) =>
  (await fx.db.query<{ name: string }>("SELECT name FROM leads ORDER BY id")).rows.map((r) => r.name);

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `projection version bump on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      let fx: ProjectorFixture;
      beforeEach(async () => {
        fx = await openProjectorFixture(backend);
      });
      afterEach(() => fx.drop());

      it("rebuilds at start into new tables while the old ones keep answering, then swaps and follows the log", async () => {
        const v1 = await startProjector({ db: fx.db, store: fx.store, projections: [leadsProjection], pollMs: 50, log: quiet });
        await v1.ready;
        const { position } = await seedLeads(fx.store, 4, 1);
        await vi.waitFor(async () => expect(await caughtUp(fx.db, [leadsProjection], position)).toBe(true), EVENTUALLY);
        await v1.stop();
        await headReaches(fx.store, position); // so the rebuild below reads every event
        const before = await names(fx);
        expect(before).toHaveLength(4);
        expect(before.every((n) => n !== n.toUpperCase())).toBe(true);

        const { projection, entered, open } = leadsV2();
        const v2 = await startProjector({ db: fx.db, store: fx.store, projections: [projection], pollMs: 50, log: quiet });
        try {
          await entered;
          // Postgres answers at once from the old table; PGlite has one connection, so the read queues
          // behind the rebuild's batch and is answered before the swap.
          const during = names(fx);
          if (backend === "postgres") expect(await during).toEqual(before);
          open();
          expect(await during).toEqual(before);
          await v2.ready;

          expect(await names(fx)).toEqual(before.map((n) => n.toUpperCase()));
          const checkpoint = (await loadCheckpoints(fx.db)).get("leads")!;
          expect(checkpoint.version).toBe(projection.version);
          expect(checkpoint.position >= position).toBe(true);
          const { rows } = await fx.db.query("SELECT 1 FROM pg_namespace WHERE nspname LIKE 'rebuild_%'");
          expect(rows).toEqual([]);

          const more = await seedLeads(fx.store, 2, 0);
          await vi.waitFor(async () => expect(await caughtUp(fx.db, [projection], more.position)).toBe(true), EVENTUALLY);
          const after = await names(fx);
          expect(after).toHaveLength(6);
          expect(after.every((n) => n === n.toUpperCase())).toBe(true);
        } finally {
          open();
          await v2.ready.catch(() => undefined);
          await v2.stop();
        }
      });

      it("does not rebuild at start when the version is unchanged", async () => {
        const first = await startProjector({ db: fx.db, store: fx.store, projections: [leadsProjection], pollMs: 50, log: quiet });
        await first.ready;
        await first.stop();
        const logged: string[] = [];
        const second = await startProjector({
          db: fx.db,
          store: fx.store,
          projections: [leadsProjection],
          pollMs: 50,
          log: (m) => logged.push(m),
        });
        await second.ready;
        await second.stop();
        expect(logged).toEqual([]);
      });
    },
  );
}
