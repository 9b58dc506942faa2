import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Database } from "../src/db/database.ts";
import { createPgliteDatabase } from "../src/db/pglite-database.ts";
import { createPostgresDatabase } from "../src/db/postgres-database.ts";

export type Backend = "postgres" | "pglite";

/** The machine's Postgres for integration tests (trust auth); TEST_DATABASE_URL overrides it. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let postgresAnswers: Promise<boolean> | undefined;

/** Whether a real Postgres server answers; without one, integration tests run on PGlite only. */
export function postgresAvailable(): Promise<boolean> {
  postgresAnswers ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 1_500 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresAnswers;
}

export interface TestDatabase {
  db: Database;
  /** A connection string for other processes, only on Postgres. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a new database on the local Postgres, or an in-memory PGlite. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    const db = await createPgliteDatabase();
    return { db, drop: () => db.close() };
  }
  const name = `crm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = createPostgresDatabase(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The backends to run an integration suite on: PGlite always, Postgres when it answers. */
export async function availableBackends(): Promise<Backend[]> {
  return (await postgresAvailable()) ? ["postgres", "pglite"] : ["pglite"];
}
