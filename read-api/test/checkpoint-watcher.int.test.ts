import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import type { Database } from "@crm/infra/db/database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { createCheckpointWatcher, type CheckpointWatcher } from "../src/checkpoint-watcher.ts";
import { watchedLeadsStamp } from "../src/leads/lead-list-cache.ts";

const hasPostgres = await postgresAvailable();
const at = (n: number) => `${String(n).padStart(20, "0")}-${String(n).padStart(20, "0")}`;

/** The database, counting the checkpoint queries the watcher makes. */
function counting(db: Database) {
  const counter = { queries: 0 };
  const wrapped: Database = {
    ...db,
    query(sql, params) {
      if ((typeof sql === "string" ? sql : sql.text).includes("projection_checkpoints")) counter.queries++;
      return db.query(sql, params);
    },
  };
  return { db: wrapped, counter };
}

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`the checkpoint watcher on ${backend}`, () => {
    let test: TestDatabase;
    let watcher: CheckpointWatcher | undefined;
    const setCheckpoint = (n: number) => test.db.query("UPDATE projection_checkpoints SET position = $1", [at(n)]);
    const notify = (notice: Partial<AdvancedNotice>) =>
      test.db.query("SELECT pg_notify($1, $2)", [PROJECTIONS_CHANNEL, JSON.stringify({ topics: [], ...notice })]);

    beforeEach(async () => {
      test = await createTestDatabase(backend);
      await test.db.exec(`CREATE TABLE projection_checkpoints (name text PRIMARY KEY, version integer NOT NULL, position text NOT NULL)`);
      await test.db.query("INSERT INTO projection_checkpoints VALUES ('leads', 1, $1), ('activities', 1, $1)", [at(1)]);
    });
    afterEach(async () => {
      await watcher?.close();
      await test.drop();
    });

    /** The next notice the watcher passes on to its listeners. */
    const nextNotice = (w: CheckpointWatcher) => new Promise<AdvancedNotice>((resolve) => w.onAdvance(resolve));
    // No poll within a test's time (NO_POLL) leaves the notices as the only way to learn a move.
    const NO_POLL = { pollMs: 600_000 };

    it("answers a read waiting for its write from the notice that says every read model passed it, without a query", async () => {
      const { db, counter } = counting(test.db);
      watcher = await createCheckpointWatcher(db, NO_POLL);
      const asked = counter.queries;
      const waiting = watcher.waitFor(at(5), EVENTUALLY.timeout);
      await setCheckpoint(5);
      await notify({ position: at(5), passed: at(5) });
      expect(await waiting).toBe(true);
      expect(counter.queries).toBe(asked);
    });

    it("keeps waiting while a notice says a read model is still behind", async () => {
      watcher = await createCheckpointWatcher(test.db, NO_POLL);
      const heard = nextNotice(watcher);
      await notify({ position: at(5), passed: at(3) });
      await heard;
      expect(await watcher.waitFor(at(3), 0)).toBe(true);
      expect(await watcher.waitFor(at(5), 0)).toBe(false);
    });

    it("asks the checkpoints when a notice does not say where every read model is, before telling its listeners", async () => {
      watcher = await createCheckpointWatcher(test.db, NO_POLL);
      const heard = nextNotice(watcher);
      await test.db.query("UPDATE projection_checkpoints SET version = 2 WHERE name = 'leads'");
      await setCheckpoint(4);
      await notify({ position: at(4), rebuilt: ["leads"] });
      await heard;
      expect(await watcher.waitFor(at(4), 0)).toBe(true);
      expect(watcher.servingVersion("leads")).toBe(2);
    });

    it("finds a move that sent no notice by polling", async () => {
      watcher = await createCheckpointWatcher(test.db, { pollMs: 50 });
      const waiting = watcher.waitFor(at(7), EVENTUALLY.timeout);
      await setCheckpoint(7);
      expect(await waiting).toBe(true);
      expect(await watcher.current()).toBe(at(7));
    });

    it("gives the leads stamp without a query while nothing is heard, and asks again after a notice or maxAge", async () => {
      await test.db.exec("CREATE TABLE leads (id integer)");
      const { db, counter } = counting(test.db);
      watcher = await createCheckpointWatcher(db, NO_POLL);
      let clock = 0;
      const stamp = watchedLeadsStamp(db, watcher, { maxAgeMs: 1_000, now: () => clock });
      const asked = counter.queries;
      const first = await stamp();
      expect(first).toMatch(new RegExp(`^${at(1)}\\.\\d+$`));
      expect([await stamp(), await stamp()]).toEqual([first, first]);
      expect(counter.queries).toBe(asked + 1);

      // The projector commits and tells: the next read asks, and finds the move.
      await setCheckpoint(6);
      const heard = nextNotice(watcher);
      await notify({ position: at(6), passed: at(6) });
      await heard;
      expect(await stamp()).toMatch(new RegExp(`^${at(6)}\\.`));
      expect(counter.queries).toBe(asked + 2);

      // A move whose notice is lost is found once the stamp is maxAge old.
      await setCheckpoint(8);
      clock += 999;
      expect(await stamp()).toMatch(new RegExp(`^${at(6)}\\.`));
      clock += 1;
      expect(await stamp()).toMatch(new RegExp(`^${at(8)}\\.`));
      expect(counter.queries).toBe(asked + 3);
    });

    it.skipIf(backend === "pglite")(
      "forgets what notices said once their connection is lost: after a server crash only the queried checkpoints count",
      async () => {
        watcher = await createCheckpointWatcher(test.db, NO_POLL);
        const heard = nextNotice(watcher);
        await notify({ position: at(5), passed: at(5) });
        await heard;
        expect(await watcher.waitFor(at(5), 0)).toBe(true);
        // As a crash would: the asynchronous commit that moved the checkpoint is gone, and so is the LISTEN connection.
        await setCheckpoint(3);
        await terminateOthers(test.url!);
        // Once the listener sees its socket close, the notice's word no longer counts.
        await vi.waitFor(async () => expect(await watcher!.waitFor(at(5), 0)).toBe(false), EVENTUALLY);
        // The pool's idle connections were ended too, and the pool may not have seen it yet: the
        // first query can meet a dead one, as any query after a crash can.
        await vi.waitFor(async () => expect(await watcher!.current()).toBe(at(3)), EVENTUALLY);
      },
    );
  });
}

/** Ends every other connection to the database, as a server crash would. */
async function terminateOthers(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
  } finally {
    await client.end();
  }
}
