/** The application_name a transaction sets (SET LOCAL) to say it writes no events: followers need not wait for it. */
export const NEVER_APPENDS = "crm:never-appends";

/**
 * SQL: the transaction id below which the log is complete for this statement's snapshot. Every
 * event of an older transaction is committed and visible, and none can still commit: the oldest
 * transaction the snapshot sees in progress, or its xmax when there is none (docs/decisions/001-event-store-design.md,
 * the late-commit race).
 *
 * Only transactions of this database can write its log, so one that pg_stat_activity shows in
 * another database does not hold the log back: a long write on a neighbouring database of the
 * same server no longer stalls every follower. A transaction that cannot be placed (another role's
 * session, whose xid pg_stat_activity hides, or one that ended since the snapshot) counts, to be
 * safe; that only delays a read, as pg_snapshot_xmin alone always did.
 *
 * A transaction that names itself NEVER_APPENDS (the ledger's chain step, which writes only its own
 * tables) does not hold the log back either: without that, every reader waited out each step.
 */
export const READABLE_HORIZON = `coalesce(
  (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
   WHERE NOT EXISTS (
     SELECT 1 FROM pg_stat_activity a
     WHERE (a.datname IS DISTINCT FROM current_database() OR a.application_name = '${NEVER_APPENDS}')
       AND a.backend_xid::text::bigint = x::text::bigint % 4294967296)),
  pg_snapshot_xmax(pg_current_snapshot()))`;
