import { randomUUID } from "node:crypto";
import { loadAuditKey, type AuditKey } from "@crm/infra/audit/audit-key";
import { createLedger, type Ledger } from "@crm/infra/audit/event-chain";
import { createBackgroundJobs, type BackgroundJobs } from "@crm/infra/background/background-jobs";
import { keptStreamStates, loadedStreamStates, useStreamStates } from "@crm/command-service/core/stream-states";
import { fastPathsOf, type Config } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import { migrate } from "@crm/infra/db/migrations";
import { openDatabase } from "@crm/infra/db/open-database";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { connectKurrentDb, createKurrentDbEventStore } from "@crm/infra/event-store/kurrentdb-event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createPostgresStreamRedactor, unsupportedStreamRedactor, type StreamRedactor } from "@crm/infra/event-store/postgres-stream-redactor";
import { createLogger, logTo, type Logger } from "@crm/infra/log/logger";
import { ALL_MIGRATIONS } from "./migrations.ts";

/** What every process shares: the database (migrated), the event store, a clock and an id source. */
export interface System {
  config: Config;
  db: Database;
  /** A hot standby of db for the read models' queries (READ_DATABASE_URL; docs/decisions/061-reads-from-a-replica.md). */
  replica?: Database;
  store: EventStore;
  /** Rewrites stored events in place, for erasure only (decisions/020). */
  redactor: StreamRedactor;
  /** The key that signs the ledger's checkpoints and erasure seals. */
  auditKey: AuditKey;
  /** The tamper-evident chain over the log (decisions/057); none on KurrentDB, whose log is not in this database. */
  ledger?: Ledger;
  now: () => Date;
  newId: () => string;
  /** JSON lines at LOG_LEVEL; lines logged while serving a request carry its id. */
  log: Logger;
  /** Work commands leave for after their answer (an erasure's compaction); close() waits for it. */
  background: BackgroundJobs;
  close(): Promise<void>;
}

export async function openSystem(config: Config, db?: Database, log: Logger = createLogger(config.LOG_LEVEL)): Promise<System> {
  const database = db ?? (await openDatabase(config));
  await migrate(database, ALL_MIGRATIONS);
  // Events in KurrentDB when KURRENTDB_URL is set (docs/decisions/022-kurrentdb-event-store.md); read models, checkpoints and command ids stay in Postgres.
  const kurrent = config.KURRENTDB_URL ? connectKurrentDb(config.KURRENTDB_URL) : undefined;
  const background = createBackgroundJobs(logTo(log));
  // The fast paths (decisions/043) as configured; the projector and the HTTP server take theirs in main.ts.
  const fast = fastPathsOf(config);
  const store = kurrent
    ? createKurrentDbEventStore(kurrent, database)
    : createPostgresEventStore(database, { groupBatching: fast.groupBatching });
  useStreamStates(store, fast.streamStates ? keptStreamStates(store) : loadedStreamStates(store));
  const now = () => new Date();
  const auditKey = loadAuditKey(config.AUDIT_SIGNING_KEY, config.DATA_DIR);
  const ledger = kurrent ? undefined : createLedger(database, auditKey, now);
  // A pool connects on its first query: only a process that serves reads ever opens the replica's connections.
  const replica = config.READ_DATABASE_URL ? createPostgresDatabase(config.READ_DATABASE_URL, { connectionTimeoutMillis: 2_000 }) : undefined;
  return {
    config,
    db: database,
    ...(replica ? { replica } : {}),
    store,
    redactor: ledger ? createPostgresStreamRedactor(database, ledger) : unsupportedStreamRedactor("KurrentDB"),
    auditKey,
    ledger,
    now,
    newId: randomUUID,
    log,
    background,
    async close() {
      await background.idle(); // before the database it uses closes
      await kurrent?.dispose();
      await replica?.close();
      await database.close();
    },
  };
}
