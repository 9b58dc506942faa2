import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import { logTo, type Logger } from "@crm/infra/log/logger";
import { createTestDatabase, type Backend } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { startProjector } from "@crm/projector/projector";
import type { ProjectorRunner } from "@crm/projector/runner";
import { createCheckpointWatcher } from "@crm/read-api/checkpoint-watcher";
import type { Express } from "express";
import { createApp } from "../app.ts";
import { openSystem, type System } from "../system.ts";

export interface TestApp {
  url: string;
  /** The Express application itself (e.g. to list its routes). */
  express: Express;
  system: System;
  /** The in-process projector (a test may stop it to let the read models fall behind). */
  projector: ProjectorRunner;
  /** A connection string to the same database, only on Postgres (for other processes). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The whole app (commands, reads, projector) on a fresh database and an ephemeral port. */
export async function startTestApp(backend: Backend, env: Record<string, string> = {}, extra: Pick<AppOnDatabaseOptions, "log"> = {}): Promise<TestApp> {
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
}

/** The app as main.ts composes it (commands, reads, projector), in this process on a given database. */
export async function startAppOnDatabase(db: Database, options: AppOnDatabaseOptions): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "crm-app-")), LOG_LEVEL: "silent", ...options.env });
  const system = await openSystem(config, db, options.log);
  const projector = await startProjector({ db: system.db, store: system.store, projections: ALL_PROJECTIONS, log: logTo(system.log), pollMs: 200 });
  await projector.ready;
  const watcher = await createCheckpointWatcher(system.db);
  const app = createApp(system, watcher, { commands: true, reads: true, ui: false });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    express: app,
    system,
    projector,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await projector.stop();
      await watcher.close();
      await options.release();
    },
  };
}
