import type { Queryable } from "@crm/infra/db/database";
import { createCheckpointWatcher, type CheckpointWatcher } from "@crm/read-api/checkpoint-watcher";
import type { PrimaryFallback } from "@crm/read-api/read-your-writes";
import { createReplicaWatcher, routeReads } from "@crm/read-api/replica";
import type { System } from "./system.ts";

/** Where the read routes read their read models from, and how they learn that those have moved. */
export interface ReadSide {
  /** The checkpoints of the read models the routes read (the replica's, with one). */
  watcher: CheckpointWatcher;
  /** The read models' database: the primary, or the replica (READ_DATABASE_URL) routed per request. */
  db: Queryable;
  /** With a replica and READ_FALLBACK=primary: how a read goes to the primary instead. */
  fallback?: PrimaryFallback;
  close(): Promise<void>;
}

/** How long the replica may take to replay the primary's migrations at start before reads are served anyway. */
const REPLAY_AT_START_MS = 10_000;

/**
 * The read side of a process (docs/decisions/061-reads-from-a-replica.md): the primary's read models
 * and checkpoints, or, with READ_DATABASE_URL, a hot standby's, routed and watched so that a read
 * that waits for its own write (X-Min-Position) sees it, from the replica or from the primary.
 */
export async function openReadSide(system: Pick<System, "db" | "replica" | "config" | "log">): Promise<ReadSide> {
  const primary = await createCheckpointWatcher(system.db);
  const { replica } = system;
  if (!replica) return { watcher: primary, db: system.db, close: primary.close };
  await replayedPrimary(system.db, replica, REPLAY_AT_START_MS).then(
    (inRecovery) => system.log.info({ inRecovery }, `reading read models from the replica${inRecovery ? "" : ", which is not a standby"}`),
    (error: unknown) => system.log.warn({ err: error }, "the replica did not replay the primary's migrations in time; reads will ask it as they come"),
  );
  const fallback = system.config.READ_FALLBACK;
  // A transactional logical message is the least write that commits synchronously: it flushes the WAL before it, the projector's commits too.
  const flushPrimary = () => system.db.query("SELECT pg_logical_emit_message(true, 'crm.replica-flush', '')");
  const watcher = await createReplicaWatcher(replica, primary, { fallback, flushPrimary });
  const routed = routeReads(replica, system.db, fallback);
  return {
    watcher,
    db: routed.db,
    ...(fallback === "primary" ? { fallback: { watcher: primary, onPrimary: routed.onPrimary } } : {}),
    async close() {
      await watcher.close();
      await primary.close();
    },
  };
}

/**
 * Waits until the replica has replayed the primary's WAL as it stood on the call (the migrations
 * this process just ran, say); resolves whether the replica is in recovery, a standby.
 */
export async function replayedPrimary(primary: Queryable, replica: Queryable, timeoutMs: number): Promise<boolean> {
  const { rows } = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await replica
      .query<{ standby: boolean; replayed: boolean }>(
        "SELECT pg_is_in_recovery() AS standby, NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed",
        [rows[0]!.lsn],
      )
      .catch((error: unknown) => {
        if (Date.now() > deadline) throw error;
        return undefined; // not up yet, or the database not replayed yet
      });
    if (answer?.rows[0]?.replayed) return answer.rows[0].standby;
    if (Date.now() > deadline) throw new Error(`the replica had not replayed ${rows[0]!.lsn} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
