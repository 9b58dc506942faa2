import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.ts";
import { migrate, type Migration } from "../src/db/migrations.ts";
import { createPostgresDatabase } from "../src/db/postgres-database.ts";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "../testing/test-database.ts";

const hasPostgres = await postgresAvailable();

const MIGRATIONS: Migration[] = [
  { id: "test/001-things", sql: "CREATE TABLE things (id int PRIMARY KEY); CREATE TABLE thing_log (n int)" },
  { id: "test/002-counter", sql: "INSERT INTO thing_log (n) VALUES (1)" },
];

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `migrations on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      let database: TestDatabase;
      beforeEach(async () => {
        database = await createTestDatabase(backend);
      });
      afterEach(() => database.drop());

      it("applies each migration once, in order, and nothing on a second run", async () => {
        expect(await migrate(database.db, MIGRATIONS)).toEqual(["test/001-things", "test/002-counter"]);
        expect(await migrate(database.db, MIGRATIONS)).toEqual([]);
        const { rows } = await database.db.query<{ n: number }>("SELECT n FROM thing_log");
        expect(rows).toEqual([{ n: 1 }]);
      });

      it("rolls back a failing migration and applies it on a later run once fixed", async () => {
        const broken: Migration[] = [MIGRATIONS[0]!, { id: "test/002-counter", sql: "INSERT INTO thing_log (n) VALUES (1); SELECT 1/0" }];
        await expect(migrate(database.db, broken)).rejects.toThrow();
        expect((await database.db.query("SELECT n FROM thing_log")).rows).toEqual([]);
        expect(await migrate(database.db, MIGRATIONS)).toEqual(["test/002-counter"]);
      });

      it("is safe when several processes migrate an empty database at once", async () => {
        // Separate pools on Postgres, as separate processes would have; PGlite serializes them anyway.
        const dbs: Database[] =
          backend === "postgres"
            ? Array.from({ length: 4 }, () => createPostgresDatabase(database.url!, { max: 2 }))
            : [database.db, database.db];
        try {
          const applied = await Promise.all(dbs.map((db) => migrate(db, MIGRATIONS)));
          expect(applied.flat().sort()).toEqual(["test/001-things", "test/002-counter"]);
          expect((await database.db.query("SELECT n FROM thing_log")).rows).toEqual([{ n: 1 }]);
        } finally {
          if (backend === "postgres") await Promise.all(dbs.map((db) => db.close()));
        }
      });
    },
  );
}
