import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@crm/infra/config";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { startProjector } from "@crm/projector/projector";
import { createCheckpointWatcher } from "@crm/read-api/checkpoint-watcher";
import { createApp } from "../../../src/app.ts";
import { openSystem } from "../../../src/system.ts";
import type { TestApp } from "../../../src/testing/test-app.ts";

/** The whole app (commands, reads, projector) in this process on a given Postgres URL, as main.ts composes it. */
export async function startAppOn(databaseUrl: string): Promise<TestApp> {
  const db = createPostgresDatabase(databaseUrl);
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "crm-rel-")),
    LOG_LEVEL: "silent",
  });
  const system = await openSystem(config, db);
  const projector = await startProjector({ db, store: system.store, projections: ALL_PROJECTIONS, log: () => undefined, pollMs: 200 });
  await projector.ready;
  const watcher = await createCheckpointWatcher(db);
  const app = createApp(system, watcher, { commands: true, reads: true, ui: false });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    express: app,
    system,
    databaseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await projector.stop();
      await watcher.close();
      await system.close();
    },
  };
}
