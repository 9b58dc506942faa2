import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { arrayLiteral, insertColumns } from "../src/sql.ts";

const hasPostgres = await postgresAvailable();

/** Text that a hand-made array literal gets wrong: quotes, backslashes, braces, commas, NULL, control characters. */
const HOSTILE = [
  'say "hi"',
  "back\\slash",
  "\\",
  '\\"',
  "{a,b}",
  "a, b",
  "NULL",
  "null",
  "",
  " padded ",
  "line\nbreak\ttab",
  "bell\u0007",
  "é → 😀",
  "\\u0041",
];

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`array parameters on ${backend}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
    });
    afterAll(() => test.drop());

    it("reads back every text as it was sent, nulls as nulls", async () => {
      const values = [...HOSTILE, null, undefined];
      const { rows } = await test.db.query<{ a: (string | null)[] }>("SELECT $1::text[] AS a", [arrayLiteral(values)]);
      expect(rows[0]!.a).toEqual(values.map((v) => v ?? null));
    });

    it("inserts rows column by column: text, numbers, booleans, timestamps and jsonb", async () => {
      await test.db.exec("CREATE TABLE t (id integer PRIMARY KEY, label text, flag boolean, at timestamptz, doc jsonb)");
      const rows = HOSTILE.map((label, id) => ({
        id,
        label,
        flag: id % 2 === 0,
        at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
        doc: { label, list: [id, null], nested: { quote: '"' } },
      }));
      rows.push({
        id: 99,
        label: null as unknown as string,
        flag: null as unknown as boolean,
        at: null as unknown as string,
        doc: null as unknown as (typeof rows)[0]["doc"],
      });
      await insertColumns(test.db, "t", { id: "integer", label: "text", flag: "boolean", at: "timestamptz", doc: "jsonb" }, rows);
      await insertColumns(
        test.db,
        "t",
        { id: "integer", label: "text" },
        [{ id: 0, label: "again" }],
        "ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label",
      );

      const { rows: back } = await test.db.query("SELECT id, label, flag, at, doc FROM t ORDER BY id");
      expect(back).toEqual(rows.map((r) => (r.id === 0 ? { ...r, label: "again" } : r)));
    });
  });
}
