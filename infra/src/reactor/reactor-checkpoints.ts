import type { Queryable } from "../db/database.ts";
import { START_POSITION } from "../event-store/position.ts";

/**
 * A reactor's place in the log plus a lease, so that only one process runs each reactor
 * (a second instance waits until the lease of the first one expires). The owner names the
 * process (host:pid:run, see reactor-runner.ts), so an operator can tell which instance runs it.
 */
export async function claimReactor(db: Queryable, name: string, owner: string, leaseMs: number): Promise<string | undefined> {
  // One statement (the reactors run it on every wake-up): create the row or take a free lease.
  const { rows } = await db.query<{ position: string }>(
    `INSERT INTO reactor_checkpoints AS c (name, position, owner, lease_until)
     VALUES ($1, $4, $2, now() + make_interval(secs => $3::double precision / 1000))
     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until
     WHERE c.owner IS NULL OR c.owner = $2 OR c.lease_until IS NULL OR c.lease_until < now()
     RETURNING c.position`,
    [name, owner, leaseMs, START_POSITION],
  );
  return rows[0]?.position;
}

/** Moves the checkpoint (and extends the lease) if this owner still holds it and nobody moved it; false otherwise. */
export async function advanceReactor(
  db: Queryable,
  name: string,
  owner: string,
  from: string,
  to: string,
  leaseMs: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE reactor_checkpoints SET position = $4, updated_at = now(), last_error = NULL,
       lease_until = now() + make_interval(secs => $5::double precision / 1000)
     WHERE name = $1 AND owner = $2 AND position = $3 RETURNING 1`,
    [name, owner, from, to, leaseMs],
  );
  return rows.length === 1;
}

/** Extends the lease while this owner handles a batch; false if someone else holds it now. */
export async function renewReactor(db: Queryable, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE reactor_checkpoints SET lease_until = now() + make_interval(secs => $3::double precision / 1000)
     WHERE name = $1 AND owner = $2 RETURNING 1`,
    [name, owner, leaseMs],
  );
  return rows.length === 1;
}

export async function recordReactorError(db: Queryable, name: string, message: string) {
  await db.query("UPDATE reactor_checkpoints SET last_error = $2 WHERE name = $1", [name, message.slice(0, 2000)]);
}

export async function releaseReactor(db: Queryable, name: string, owner: string) {
  await db.query("UPDATE reactor_checkpoints SET owner = NULL, lease_until = NULL WHERE name = $1 AND owner = $2", [name, owner]);
}
