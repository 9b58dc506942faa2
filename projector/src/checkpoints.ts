import type { Migration } from "@crm/infra/db/migrations";
import type { Queryable } from "@crm/infra/db/database";

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
];

export interface Checkpoint {
  name: string;
  version: number;
  position: string;
  lastError: string | null;
}

export async function loadCheckpoints(q: Queryable): Promise<Map<string, Checkpoint>> {
  const { rows } = await q.query<{ name: string; version: number; position: string; last_error: string | null }>(
    "SELECT name, version, position, last_error FROM public.projection_checkpoints",
  );
  return new Map(rows.map((r) => [r.name, { name: r.name, version: r.version, position: r.position, lastError: r.last_error }]));
}

/**
 * Moves a checkpoint only if it is still where this instance left it, at the version this code
 * writes (an older process must not feed rebuilt tables); false means someone else moved it.
 */
export async function advanceCheckpoint(tx: Queryable, name: string, version: number, from: string, to: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE public.projection_checkpoints SET position = $3, updated_at = now(), last_error = NULL
     WHERE name = $1 AND position = $2 AND version = $4 RETURNING 1`,
    [name, from, to, version],
  );
  return rows.length === 1;
}

export async function recordProjectionError(q: Queryable, names: readonly string[], message: string) {
  await q.query("UPDATE public.projection_checkpoints SET last_error = $2 WHERE name = ANY($1::text[])", [names, message.slice(0, 2000)]);
}

/** Takes the projection's lock for this transaction: one active instance per projection. */
export async function tryLockProjection(tx: Queryable, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked", [`projection:${name}`]);
  return rows[0]?.locked === true;
}

export async function lockProjection(tx: Queryable, name: string) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`projection:${name}`]);
}
