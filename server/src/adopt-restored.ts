import type { Database, Queryable } from "@crm/infra/db/database";
import { START_POSITION } from "@crm/infra/event-store/position";
import { tryLockProjections } from "@crm/projector/checkpoints";

// Readers see only events whose transaction id is below the server's oldest running one (docs/decisions/001-event-store-design.md). A pg_dump
// restored on a server whose counter is behind the original's brings ids from that server's future: every event is
// invisible, and new ones would sort before it. Adopting moves every restored event to one transaction id below any
// future one. A stream's next version is only appended after the previous one committed, so global_position already
// orders each stream; only events of concurrent transactions may change their relative order, and they were concurrent.

/** The transaction id every restored event gets: below any this server hands out, above START_POSITION's 0. */
const ADOPTED_TRANSACTION_ID = "1";

const position = (globalPosition: string) =>
  `lpad('${ADOPTED_TRANSACTION_ID}', 20, '0') || '-' || lpad((${globalPosition})::text, 20, '0')`;

/** A stored position as the (transaction id, global position) pair it names. */
const pair = (column: string) => `(split_part(${column}, '-', 1)::numeric::text::xid8, split_part(${column}, '-', 2)::bigint)`;

export type AdoptOutcome =
  | { adopted: false; newestTransactionId: string | null; currentTransactionId: string }
  | { adopted: true; newestTransactionId: string; currentTransactionId: string; events: number; commands: number; checkpoints: number };

/** A refusal the operator can act on (the app or a reactor still running). */
export class AdoptRefusedError extends Error {}

/** Moves restored events from another server's future below this server's transaction ids, with every stored position; one transaction. */
export async function adoptRestoredEvents(db: Database): Promise<AdoptOutcome> {
  return db.transaction(async (tx) => {
    // Appends wait (or we do, briefly) rather than write ids we are about to rewrite.
    await tx.exec("SET LOCAL lock_timeout = '10s'; LOCK TABLE events IN EXCLUSIVE MODE");
    const { rows } = await tx.query<{ newest: string | null; current: string; ahead: boolean }>(
      `SELECT max(transaction_id)::text AS newest, pg_current_xact_id()::text AS current,
              coalesce(max(transaction_id) >= pg_current_xact_id(), false) AS ahead FROM events`,
    );
    const { newest, current, ahead } = rows[0]!;
    if (!ahead) return { adopted: false, newestTransactionId: newest, currentTransactionId: current };
    await assertNothingFollowsTheLog(tx);
    const checkpoints = (await adoptCheckpoints(tx, "projection_checkpoints")) + (await adoptCheckpoints(tx, "reactor_checkpoints"));
    const commands = await adoptCommandAnswers(tx);
    const events = await countOf(
      tx,
      `UPDATE events SET transaction_id = '${ADOPTED_TRANSACTION_ID}' WHERE transaction_id <> '${ADOPTED_TRANSACTION_ID}'`,
    );
    return { adopted: true, newestTransactionId: newest!, currentTransactionId: current, events, commands, checkpoints };
  });
}

/** The projector's own locks for this transaction, and no live reactor lease: nothing may read the log while it moves. */
async function assertNothingFollowsTheLog(tx: Queryable): Promise<void> {
  const { rows: projections } = await tx.query<{ name: string }>("SELECT name FROM projection_checkpoints ORDER BY name");
  const names = projections.map((p) => p.name);
  const locked = await tryLockProjections(tx, names);
  const busy = names.filter((name) => !locked.has(name));
  if (busy.length > 0) throw new AdoptRefusedError(`The projector is running (${busy.join(", ")}): stop the app first.`);
  // Every row locked, so no reactor claims one until this transaction ends.
  const { rows: reactors } = await tx.query<{ name: string; lease_until: string; leased: boolean }>(
    "SELECT name, lease_until, (owner IS NOT NULL AND lease_until > now()) AS leased FROM reactor_checkpoints ORDER BY name FOR UPDATE",
  );
  const leased = reactors.filter((r) => r.leased);
  if (leased.length > 0) {
    const until = leased.map((r) => `${r.name} until ${r.lease_until}`).join(", ");
    throw new AdoptRefusedError(`A reactor holds its lease (${until}): stop the app, or wait for the lease of a crashed one to expire.`);
  }
}

/**
 * Each checkpoint moves to the newest event below the first one it had not passed, so that in the new order it
 * has passed no event it had not passed before: a reactor may repeat an event of a transaction that ran
 * concurrently with its last one (it skips outcomes it already appended), but never misses one. Without such
 * concurrency that is the event the checkpoint named. Computed before the ids change: "not passed" is in the old order.
 */
async function adoptCheckpoints(tx: Queryable, table: "projection_checkpoints" | "reactor_checkpoints"): Promise<number> {
  return countOf(
    tx,
    `UPDATE ${table} c SET position = coalesce(${position("passed.g")}, $1)
     FROM ${table} o
     CROSS JOIN LATERAL (
       SELECT min(global_position) AS g FROM events WHERE (transaction_id, global_position) > ${pair("o.position")}
     ) AS unread
     CROSS JOIN LATERAL (
       SELECT max(global_position) AS g FROM events WHERE unread.g IS NULL OR global_position < unread.g
     ) AS passed
     WHERE c.name = o.name AND o.position <> $1`,
    [START_POSITION],
  );
}

/** A repeated command answers with its first append's position: the same event's new position. */
async function adoptCommandAnswers(tx: Queryable): Promise<number> {
  return countOf(tx, `UPDATE commands SET position = ${position("split_part(position, '-', 2)::bigint")} WHERE position IS NOT NULL`);
}

/** The number of rows an UPDATE changed, without sending them back. */
async function countOf(tx: Queryable, update: string, params: unknown[] = []): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`WITH changed AS (${update} RETURNING 1) SELECT count(*)::int AS n FROM changed`, params);
  return rows[0]!.n;
}
