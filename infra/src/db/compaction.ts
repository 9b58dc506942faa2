import type { Database } from "./database.ts";

/**
 * After an erasure rewrote events in place (decisions/039): makes what the database keeps of the old
 * row versions go away. Run in the background, after the command answered.
 *
 * - Postgres: a plain VACUUM (ANALYZE) of the events table. It takes no lock that blocks appends; the
 *   dead versions become free space (pg_dump never dumps them) and the planner's samples in
 *   pg_statistic are taken again from the redacted rows. The server's WAL, its archives, replicas and
 *   the bytes of free space until they are reused stay out of reach (docs/operations.md).
 * - PGlite: the whole cluster is the folder DATA_DIR/pglite, and a backup copies it byte for byte, so
 *   every copy must go: the events table and pg_statistic are rewritten (VACUUM FULL), and then every
 *   WAL segment that may hold an old value is retired (retireWal).
 */
export async function compactAfterErasure(db: Database): Promise<void> {
  if (db.kind !== "pglite") {
    await db.exec("VACUUM (ANALYZE) events");
    return;
  }
  await db.exec("VACUUM (FULL, ANALYZE) events");
  // The samples ANALYZE kept of the events and of the read-model tables a rebuild dropped.
  await db.exec("VACUUM FULL pg_catalog.pg_statistic");
  await retireWal(db);
}

/**
 * A checkpoint recycles the WAL segments before it by renaming them to future names, contents and
 * all, and a segment's old bytes stay until WAL is written over them; a switch (pg_switch_wal)
 * zero-fills the rest of the segment it leaves. So, with recycling off for our session (PGlite's
 * checkpoints run in it), each round switches to the next segment and checkpoints, which deletes the
 * one left behind. As many rounds as there are segments from the current one on, and the last round
 * ends in a segment created afresh (zero-filled), every older one deleted.
 */
async function retireWal(db: Database): Promise<void> {
  // Off before counting: a checkpoint in between (commands keep running) would recycle one more.
  await db.exec("SET wal_recycle = off");
  try {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$' AND name >= pg_walfile_name(pg_current_wal_lsn())",
    );
    for (let round = 0; round < rows[0]!.n; round++) {
      await db.query("SELECT pg_switch_wal()");
      await db.exec("CHECKPOINT");
    }
  } finally {
    await db.exec("RESET wal_recycle");
  }
}
