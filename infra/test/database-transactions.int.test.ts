import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "../testing/test-database.ts";

const hasPostgres = await postgresAvailable();

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`transactions on ${backend}`, () => {
    let test: TestDatabase;
    beforeEach(async () => {
      test = await createTestDatabase(backend);
      await test.db.exec("CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)");
    });
    afterEach(() => test.drop());
    const ids = async () => (await test.db.query<{ id: number }>("SELECT id FROM notes ORDER BY id")).rows.map((r) => r.id);

    it("runs a first statement without parameters inside the transaction, with those after it", async () => {
      const [first, later] = await test.db.transaction(async (tx) => {
        const a = await tx.query<{ xid: string }>("SELECT txid_current()::text AS xid");
        const b = await tx.query<{ xid: string }>("SELECT txid_current()::text AS xid, $1::int AS n", [1]);
        return [a.rows[0]!.xid, b.rows[0]!.xid];
      });
      expect(later).toBe(first);
    });

    it("rolls back what a first statement without parameters wrote when a later one fails", async () => {
      await expect(
        test.db.transaction(async (tx) => {
          await tx.query("INSERT INTO notes VALUES (1, 'kept?')");
          await tx.query("INSERT INTO notes VALUES ($1, $2)", [2, null]);
        }),
      ).rejects.toThrow(/null value/);
      expect(await ids()).toEqual([]);
    });

    it("rolls back when the first statement itself fails, and the connection serves the next transaction", async () => {
      await expect(test.db.transaction((tx) => tx.query("INSERT INTO notes VALUES (1, NULL)"))).rejects.toThrow(/null value/);
      await test.db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES (3, 'three')");
        await tx.query("INSERT INTO notes VALUES ($1, $2)", [4, "four"]);
      });
      expect(await ids()).toEqual([3, 4]);
    });

    it("answers a transaction that ran no statement", async () => {
      expect(await test.db.transaction(async () => "nothing to do")).toBe("nothing to do");
      expect(await ids()).toEqual([]);
    });
  });
}
