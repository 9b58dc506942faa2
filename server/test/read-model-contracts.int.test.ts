import { afterAll, describe, expect, it } from "vitest";
import { READ_MODEL_TABLES } from "@crm/contracts/read-models/all";
import { createTableSql, type ColumnSpec, type SqlType, type TableContract } from "@crm/contracts/read-models/table";
import { eventChainMigrations } from "@crm/infra/audit/event-chain.migrations";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { checkpointMigrations } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { QUERY_MODULES, READ_CASES, recording, sampleBatches, SENDS_NOTHING, type Sent } from "./support/read-model-statements.ts";

// The read models' tables are declared once, in contracts/src/read-models (decisions/044). This
// checks the two ways that could drift: the tables the projections build against their contracts,
// and every statement the projections, the read API's queries and the command service's lookups
// send against tables built from the contracts alone, so that Postgres itself names any column or
// table a statement uses that no contract declares.

const hasPostgres = await postgresAvailable();

/** information_schema's name for each declared type. */
const DATA_TYPE: Record<SqlType, string> = {
  uuid: "uuid",
  text: "text",
  integer: "integer",
  bigint: "bigint",
  boolean: "boolean",
  timestamptz: "timestamp with time zone",
  jsonb: "jsonb",
};

interface LiveColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: "YES" | "NO";
  collation_name: string | null;
  is_generated: "ALWAYS" | "NEVER";
}

/** A column as information_schema would describe the contract's declaration of it. */
function expected(contract: TableContract, name: string, spec: ColumnSpec): LiveColumn {
  const keyed = spec.primaryKey || (contract.primaryKey ?? []).includes(name);
  return {
    table_name: contract.name,
    column_name: name,
    data_type: DATA_TYPE[spec.type],
    is_nullable: spec.nullable && !keyed ? "YES" : "NO",
    collation_name: spec.collate ?? null,
    is_generated: spec.generated === undefined ? "NEVER" : "ALWAYS",
  };
}

const CONTRACTS = Object.values(READ_MODEL_TABLES).flat();

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`read-model contracts on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    const opened: TestDatabase[] = [];
    const open = async () => {
      const test = await createTestDatabase(backend);
      opened.push(test);
      return test.db;
    };
    afterAll(() => Promise.all(opened.map((test) => test.drop())));

    it("each projection builds exactly the tables its contracts declare: names, types, nullability, collations", async () => {
      expect(Object.fromEntries(ALL_PROJECTIONS.map((p) => [p.name, p.tables]))).toEqual(
        Object.fromEntries(Object.entries(READ_MODEL_TABLES).map(([name, tables]) => [name, tables.map((t) => t.name)])),
      );
      const db = await open();
      for (const projection of ALL_PROJECTIONS) await db.exec(projection.ddl);
      const { rows } = await db.query<LiveColumn>(
        `SELECT table_name, column_name, data_type, is_nullable, collation_name, is_generated
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
      );
      const declared = CONTRACTS.flatMap((contract) =>
        Object.entries(contract.columns).map(([name, column]) => expected(contract, name, column.spec)),
      );
      const byTable = (a: LiveColumn, b: LiveColumn) => a.table_name.localeCompare(b.table_name);
      expect(rows.sort(byTable)).toEqual(declared.sort(byTable));
    });

    it("no projection, read-API query or command lookup names a column or table that no contract declares", async () => {
      const db = await open();
      await migrate(db, [...eventStoreMigrations, ...eventChainMigrations, ...checkpointMigrations]);
      const { rows: before } = await db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(before.map((t) => t.name)).not.toContain("leads");
      for (const contract of CONTRACTS) await db.exec(createTableSql(contract));
      const store = createPostgresEventStore(db);
      const sent: Sent[] = [];
      const failures: string[] = [];
      const attempt = async (source: string, run: () => Promise<unknown>) => {
        try {
          await run();
        } catch (error) {
          const last = sent
            .filter((s) => s.source === source)
            .at(-1)
            ?.text.replace(/\s+/g, " ");
          failures.push(`${source}: ${(error as Error).message}\n    in: ${last}`);
        }
      };
      for (const projection of ALL_PROJECTIONS) {
        const tx = recording(db, `projection ${projection.name}`, sent);
        await attempt(`projection ${projection.name}`, async () => {
          for (const batch of sampleBatches()) await projection.apply(tx, batch);
        });
      }
      for (const [source, run] of Object.entries(READ_CASES)) await attempt(source, () => run(recording(db, source, sent), store));
      expect(failures.join("\n")).toBe("");
      const silent = [...ALL_PROJECTIONS.map((p) => `projection ${p.name}`), ...Object.keys(READ_CASES)].filter(
        (source) => !sent.some((s) => s.source === source),
      );
      expect(silent, "cases that sent no statement check nothing").toEqual([]);
    });
  });
}

describe("the statement check's cases", () => {
  it("cover every function the read API's query modules export", () => {
    const exported = Object.entries(QUERY_MODULES).flatMap(([module, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => `${module}.${name}`),
    );
    const covered = new Set(Object.keys(READ_CASES).map((name) => name.replace(/ \(.*\)$/, "")));
    expect(exported.filter((name) => !covered.has(name) && !SENDS_NOTHING.has(name))).toEqual([]);
  });
});
