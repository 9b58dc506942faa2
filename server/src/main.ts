import type { Server } from "node:http";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { loadConfig } from "@crm/infra/config";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { startProjector } from "@crm/projector/projector";
import { createCheckpointWatcher } from "@crm/read-api/checkpoint-watcher";
import { createApp } from "./app.ts";
import { openSystem } from "./system.ts";

type Mode = "all" | "command-service" | "read-api" | "projector";
const MODES: Mode[] = ["all", "command-service", "read-api", "projector"];

/** Starts one service or all of them in one process (the default, as `npm start`). */
async function main() {
  const mode = (process.argv[2] ?? "all") as Mode;
  if (!MODES.includes(mode)) throw new Error(`Unknown mode ${mode}; use one of ${MODES.join(", ")}`);
  const config = loadConfig();
  const system = await openSystem(config);

  const projector = mode === "all" || mode === "projector" ? await startProjector({ db: system.db, store: system.store, projections: ALL_PROJECTIONS }) : undefined;
  // Mail, SMS and calendar reactors run beside the commands that request them (DESIGN.md §7).
  const reactors = mode === "all" || mode === "command-service" ? await startMessagingReactors({ db: system.db, store: system.store, config, now: system.now }) : undefined;
  const watcher = mode === "all" || mode === "read-api" ? await createCheckpointWatcher(system.db) : undefined;
  let server: Server | undefined;
  if (mode !== "projector") {
    const app = createApp(system, watcher, { commands: mode !== "read-api", reads: mode !== "command-service", ui: mode === "all" || mode === "read-api" });
    server = app.listen(config.PORT, config.HOST, () => {
      const where = config.DATABASE_URL ? "Postgres" : `embedded PGlite in ${config.DATA_DIR}`;
      console.log(`crm ${mode} listening on http://localhost:${config.PORT} (${where})`);
    });
  } else {
    console.log("crm projector running");
  }

  // Stop taking requests, let those in flight finish (at most 5 s), then stop the workers and only
  // then close the database they all use.
  const shutdown = async () => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeIdleConnections();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    server?.closeAllConnections();
    await projector?.stop();
    await reactors?.stop();
    await watcher?.close();
    await system.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
