import type { Database } from "./database.ts";

export interface Migration {
  /** Unique and ordered within its owner, e.g. "event-store/001-events". */
  id: string;
  sql: string;
}

const MIGRATION_LOCK = 7_402_113;

/** Applies the migrations not applied yet, in order, each in its own transaction; safe to run from several processes. */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  // Under the lock: two processes running CREATE TABLE IF NOT EXISTS at once can both try to create
  // it, and one fails on pg_type's unique index.
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const { rows } = await tx.query("SELECT 1 FROM schema_migrations WHERE id = $1", [migration.id]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}
