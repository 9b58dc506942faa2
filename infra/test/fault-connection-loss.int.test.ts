import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../testing/test-database.ts";

const hasPostgres = await postgresAvailable();

/** Ends every other connection to this test's own database (never anyone else's). */
async function terminateOthers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe.skipIf(!hasPostgres)("Postgres database port under connection loss (needs Postgres)", () => {
  let database: TestDatabase;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await database?.drop();
  });

  it("fails a transaction whose connection is killed, without an uncaught error, and serves the next one", async () => {
    const { db, url } = database;
    await db.exec("CREATE TABLE t (v int)");
    // The connection dies while the transaction's callback is busy elsewhere (between two queries).
    const killed = db.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (1)");
      await terminateOthers(url!);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the client sees its socket close while idle in the transaction
      await tx.query("INSERT INTO t VALUES (2)");
    });
    await expect(killed).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
    // Nothing of the killed transaction stayed; the pool hands out a working connection again.
    const after = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (3)");
      return (await tx.query<{ v: number }>("SELECT v FROM t ORDER BY v")).rows.map((r) => r.v);
    });
    expect(after).toEqual([3]);
  });

  it("delivers notifications again after the LISTEN connection is killed", async () => {
    const { db, url } = database;
    const received: string[] = [];
    await db.listen("fault_test", (payload) => received.push(payload));
    await terminateOthers(url!);
    const deadline = Date.now() + 20_000;
    for (let i = 0; !received.includes("after") && Date.now() < deadline; i++) {
      await db.query("SELECT pg_notify('fault_test', 'after')").catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(received).toContain("after");
  });
});
