import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fastPathVariables, loadConfig } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import { logTo, type Logger } from "@crm/infra/log/logger";
import { createTestDatabase, postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { startChainFollower, type ChainFollower } from "@crm/infra/audit/chain-follower";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { startProjector } from "@crm/projector/projector";
import type { ProjectorRunner } from "@crm/projector/runner";
import type { Express } from "express";
import { createApp, type AppParts } from "../src/app.ts";
import { createHttpServer } from "../src/http-server.ts";
import { openReadSide, type ReadSide } from "../src/read-side.ts";
import { openSystem, type System } from "../src/system.ts";
import { createReplicatedTestDatabase, replicaPairUnavailable, type ReplicaPair } from "./replica-pair.ts";

export interface TestApp {
  url: string;
  /** The Express application itself (e.g. to list its routes). */
  express: Express;
  system: System;
  /** The in-process projector (a test may stop it to let the read models fall behind). */
  projector: ProjectorRunner;
  /** The ledger's chain follower, when the test asked for it (`chain: true`): `settle()` chains every event appended so far. */
  chain?: ChainFollower;
  /** A connection string to the same database, only on Postgres (for other processes). */
  databaseUrl?: string;
  /** On the replica backend: the primary and the standby the reads come from. */
  replicaPair?: ReplicaPair;
  close(): Promise<void>;
}

/** Where a test app keeps its data: a database backend, or a Postgres primary whose hot standby serves the reads (READ_DATABASE_URL). */
export type AppBackend = Backend | "replica";

/**
 * The backends a suite runs its apps on, each with why it cannot run here (its describe block is then
 * skipped, saying so): PGlite, the machine's Postgres, and with `replica`, a primary and standby of the test's own.
 */
export async function appBackends({ replica = false }: { replica?: boolean } = {}): Promise<{ backend: AppBackend; missing?: string }[]> {
  const postgres = (await postgresAvailable()) ? undefined : "no Postgres server answers";
  const backends: { backend: AppBackend; missing?: string }[] = [{ backend: "postgres", ...(postgres ? { missing: postgres } : {}) }, { backend: "pglite" }];
  const pair = replicaPairUnavailable();
  if (replica) backends.push({ backend: "replica", ...(pair ? { missing: `no replica pair: ${pair}` } : {}) });
  return backends;
}

/** The whole app (commands, reads, projector) on a fresh database and an ephemeral port. */
export async function startTestApp(backend: AppBackend, env: Record<string, string> = {}, extra: Pick<AppOnDatabaseOptions, "log" | "chain"> = {}): Promise<TestApp> {
  if (backend === "replica") {
    const database = await createReplicatedTestDatabase();
    const replicaEnv = { DATABASE_URL: database.url, READ_DATABASE_URL: database.readUrl, ...env };
    const app = await startAppOnDatabase(database.db, { env: replicaEnv, ...extra, databaseUrl: database.url, release: database.drop });
    return { ...app, replicaPair: database.pair };
  }
  const database = await createTestDatabase(backend);
  return startAppOnDatabase(database.db, { env, ...extra, ...(database.url ? { databaseUrl: database.url } : {}), release: database.drop });
}

export interface AppOnDatabaseOptions {
  env?: Record<string, string>;
  databaseUrl?: string;
  /** The app's logger (a test reads its lines); else one at the env's LOG_LEVEL, silent by default. */
  log?: Logger;
  /** Closes (or drops) the database once the app has stopped. */
  release: () => Promise<void>;
  /**
   * Also run the ledger's chain follower, as main.ts does beside the projector (and the e2e server and
   * the service-process tests do). Off unless a test reads the chain: its steps after appends made a
   * suite that never reads it slower (self-service: 23 s of tests with it, 19 s without).
   */
  chain?: boolean;
}

/**
 * The system a test app runs, on a given database, with a data folder of its own. The fast paths
 * are the test run's (FAST_* in its environment), unless the test's env sets them.
 */
export async function openTestSystem(db: Database, options: Pick<AppOnDatabaseOptions, "env" | "log"> = {}): Promise<System> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-app-"));
  const config = loadConfig({ ...fastPathVariables(), NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...options.env });
  return openSystem(config, db, options.log);
}

export interface ServedApp {
  url: string;
  express: Express;
  /** Stops taking requests and drops the open connections. */
  close(): Promise<void>;
}

/** Serves the HTTP app of a system on an ephemeral loopback port. */
export async function serveTestApp(system: System, readSide: ReadSide, parts: AppParts): Promise<ServedApp> {
  const app = createApp(system, readSide, parts);
  const server = createHttpServer(app, { expressPrototypes: system.config.FAST_EXPRESS_PROTOTYPES }).listen(0, "127.0.0.1");
  // The tests' fetch and this server share one event loop. After a long synchronous stretch (an
  // in-process PGlite rebuild, seconds on a slow host) the next request could go out on an idle
  // socket whose 5 s keep-alive expired meanwhile, and the server's timer then reset it (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    express: app,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The app as main.ts composes it (commands, reads, projector), in this process on a given database. */
export async function startAppOnDatabase(db: Database, options: AppOnDatabaseOptions): Promise<TestApp> {
  const system = await openTestSystem(db, options);
  const projector = await startProjector({
    db: system.db,
    store: system.store,
    projections: ALL_PROJECTIONS,
    log: logTo(system.log),
    pollMs: 200,
    pipelined: system.config.FAST_PIPELINED_PROJECTOR,
  });
  await projector.ready;
  const chain = options.chain
    ? await startChainFollower({
        ledger: system.ledger!,
        store: system.store,
        log: logTo(system.log),
        checkpointEvery: system.config.AUDIT_CHECKPOINT_EVERY,
        checkpointAfterMs: system.config.AUDIT_CHECKPOINT_MINUTES * 60_000,
        now: system.now,
      })
    : undefined;
  const readSide = await openReadSide(system);
  const served = await serveTestApp(system, readSide, { commands: true, reads: true, ui: false });
  return {
    url: served.url,
    express: served.express,
    system,
    projector,
    ...(chain ? { chain } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    async close() {
      await served.close();
      await projector.stop();
      await chain?.stop();
      await readSide.close();
      await system.background.idle(); // an erasure's compaction still running on the database
      await options.release();
      // The data folder openTestSystem made (outboxes, files), not one the test named and reads after.
      if (!options.env?.DATA_DIR) rmSync(system.config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
