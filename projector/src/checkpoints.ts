import type { AdvancedNotice } from "@crm/contracts/api/live";
import type { Migration } from "@crm/infra/db/migrations";
import { named, type Queryable } from "@crm/infra/db/database";

export const checkpointMigrations: Migration[] = [
  {
    id: "projector/001-checkpoints",
    sql: `
      CREATE TABLE projection_checkpoints (
        name       text PRIMARY KEY,
        version    integer NOT NULL,
        position   text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_error text
      );
    `,
  },
  {
    // The leads read model's search index (leads.schema.ts) uses its operator class. Trusted since
    // Postgres 13: a role that may CREATE in the database may add it. public, where a rebuild's
    // DDL names it, whatever the search_path of the shadow schema it runs in.
    id: "projector/002-pg-trgm",
    sql: "CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;",
  },
];

export interface Checkpoint {
  name: string;
  version: number;
  position: string;
  lastError: string | null;
}

export async function loadCheckpoints(q: Queryable): Promise<Map<string, Checkpoint>> {
  const { rows } = await q.query<{ name: string; version: number; position: string; last_error: string | null }>(
    named("SELECT name, version, position, last_error FROM public.projection_checkpoints"),
  );
  return new Map(rows.map((r) => [r.name, { name: r.name, version: r.version, position: r.position, lastError: r.last_error }]));
}

/**
 * Moves a checkpoint only if it is still where this instance left it, at the version this code
 * writes (an older process must not feed rebuilt tables); false means someone else moved it.
 */
export async function advanceCheckpoint(tx: Queryable, name: string, version: number, from: string, to: string): Promise<boolean> {
  return advanceCheckpoints(tx, [{ name, version, from }], to);
}

/** advanceCheckpoint for several projections in one statement; true only if every one moved. */
export async function advanceCheckpoints(tx: Queryable, moves: readonly { name: string; version: number; from: string }[], to: string): Promise<boolean> {
  if (moves.length === 0) return true;
  const { rows } = await tx.query(
    `UPDATE public.projection_checkpoints c SET position = $4, updated_at = now(), last_error = NULL
     FROM unnest($1::text[], $2::int[], $3::text[]) AS m(name, version, position)
     WHERE c.name = m.name AND c.position = m.position AND c.version = m.version RETURNING 1`,
    [moves.map((m) => m.name), moves.map((m) => m.version), moves.map((m) => m.from), to],
  );
  return rows.length === moves.length;
}

/**
 * advanceCheckpoints and the notice of it, in one statement. The notice gains `passed`: the least
 * checkpoint after the move, i.e. the position every read model has passed, so a read waiting for
 * its own write learns it from the notice instead of asking. NOTIFY goes out at commit, and not at
 * all when the transaction rolls back.
 */
export async function advanceCheckpointsAndNotify(
  tx: Queryable,
  moves: readonly { name: string; version: number; from: string }[],
  to: string,
  channel: string,
  notice: Omit<AdvancedNotice, "passed">,
): Promise<boolean> {
  const { rows } = await tx.query<{ moved: number }>(
    named(`WITH moved AS (
       UPDATE public.projection_checkpoints c SET position = $4, updated_at = now(), last_error = NULL
       FROM unnest($1::text[], $2::int[], $3::text[]) AS m(name, version, position)
       WHERE c.name = m.name AND c.position = m.position AND c.version = m.version RETURNING c.name
     ), passed AS (
       SELECT least($4, (SELECT min(position) FROM public.projection_checkpoints WHERE name NOT IN (SELECT name FROM moved))) AS position
     )
     SELECT (SELECT count(*) FROM moved)::int AS moved, pg_notify($5, ($6::jsonb || jsonb_build_object('passed', passed.position))::text)
     FROM passed`),
    [moves.map((m) => m.name), moves.map((m) => m.version), moves.map((m) => m.from), to, channel, JSON.stringify(notice)],
  );
  return rows[0]?.moved === moves.length;
}

export async function recordProjectionError(q: Queryable, names: readonly string[], message: string) {
  await q.query("UPDATE public.projection_checkpoints SET last_error = $2 WHERE name = ANY($1::text[])", [names, message.slice(0, 2000)]);
}

/** Takes the projection's lock for this transaction: one active instance per projection. */
export async function tryLockProjection(tx: Queryable, name: string): Promise<boolean> {
  return (await tryLockProjections(tx, [name])).has(name);
}

/** tryLockProjection for several projections in one statement; answers the names it locked. */
export async function tryLockProjections(tx: Queryable, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const { rows } = await tx.query<{ name: string; locked: boolean }>(
    named("SELECT name, pg_try_advisory_xact_lock(hashtext('projection:' || name)) AS locked FROM unnest($1::text[]) AS name"),
    [names],
  );
  return new Set(rows.filter((r) => r.locked).map((r) => r.name));
}

/**
 * The application_name of each connection whose transaction holds a projection's lock at this moment:
 * which projector instance is applying a batch (none between batches). Postgres shows the lock's
 * bigint key split into classid (high half) and objid (low half), with objsubid 1.
 */
export async function projectionLockHolders(q: Queryable, names: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT DISTINCT a.application_name AS name
     FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND ((l.classid::bigint << 32) | l.objid::bigint) IN (SELECT hashtext('projection:' || n)::bigint FROM unnest($1::text[]) AS n)`,
    [names],
  );
  return rows.map((r) => r.name);
}

export async function lockProjection(tx: Queryable, name: string) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`projection:${name}`]);
}
