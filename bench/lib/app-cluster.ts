// The app as many processes behind haproxy (README, "Scale out"), for bench/cluster.ts: command services,
// a read API and projectors, each one `server/src/main.ts <mode>` process as bench/lib/app-process.ts
// starts it, on one fresh Postgres database and one shared DATA_DIR, with haproxy in front configured from
// deploy/haproxy.cfg by scripts/haproxy.mjs (as `npm run cluster` and server/test/cluster/ run it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadAuditKey } from "@crm/infra/audit/audit-key";
import { createTestDatabase, type TestDatabase } from "@crm/infra/testing/test-database";
import { startHaproxy, type Haproxy } from "../../scripts/haproxy.mjs";
import { startAppProcess, type AppProcess } from "./app-process.ts";
import { partnerToken } from "./bearer.ts";

export interface AppCluster {
  /** haproxy's address: commands go to the command services, reads to the read API. */
  url: string;
  haproxy: Haproxy;
  commands: AppProcess[];
  reads: AppProcess;
  /** The projectors running now, by the application_name their connections carry (pg_stat_activity). */
  projectors: Map<string, AppProcess>;
  database: TestDatabase;
  /** A signed-in Partner's bearer token. */
  token: string;
  /** Another projector on the cluster's database. */
  addProjector(): Promise<AppProcess>;
  /** kill -9 of one instance, as a crash: resolves once it is gone (a projector leaves `projectors`). */
  kill(app: AppProcess): Promise<void>;
  /** Every app process running now (haproxy is not one). */
  processes(): AppProcess[];
  stop(): Promise<void>;
}

export interface AppClusterOptions {
  commands: number;
  projectors: number;
  /** haproxy listens here, the command services and the read API on the ports after it. */
  port: number;
}

/** How long haproxy may take to find every server up (its checks run every 2 s, two to rise). */
const CHECKED_WITHIN_MS = 30_000;

/** Until haproxy has checked each of its servers up. */
async function checked(haproxy: Haproxy) {
  const end = Date.now() + CHECKED_WITHIN_MS;
  while (!(await haproxy.checked())) {
    if (haproxy.child.exitCode !== null) throw new Error(`haproxy exited (${haproxy.child.exitCode}): ${haproxy.errors.join("")}`);
    if (Date.now() > end) throw new Error(`haproxy did not find every server up within ${CHECKED_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts the cluster: the database migrated and the Partner's session made first, the ledger's
 * signing key made once in the shared DATA_DIR, then every instance at once, then haproxy. Each
 * projector's connections carry the application_name `bench-projector-<n>` (PGAPPNAME), which tells
 * the process that holds a lock in pg_locks.
 */
export async function startAppCluster({ commands, projectors, port }: AppClusterOptions): Promise<AppCluster> {
  const database = await createTestDatabase("postgres");
  const databaseUrl = database.url!;
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-cluster-"));
  const started: AppProcess[] = [];
  const named = new Map<string, AppProcess>();
  let haproxy: Haproxy | undefined;
  const killed = new Set<AppProcess>();
  let projectorCount = 0;
  const start = async (mode: "command-service" | "read-api" | "projector", at: number, env: Record<string, string> = {}) => {
    const app = await startAppProcess({ port: at, databaseUrl, dataDir, mode, env });
    started.push(app);
    return app;
  };
  const addProjector = async () => {
    const name = `bench-projector-${++projectorCount}`;
    const app = await start("projector", 0, { PGAPPNAME: name });
    named.set(name, app);
    return app;
  };
  const kill = async (app: AppProcess) => {
    process.kill(app.pid, "SIGKILL");
    killed.add(app);
    for (const [name, projector] of named) if (projector === app) named.delete(name);
    await app.stop(); // reaps it
  };
  const stop = async () => {
    await haproxy?.stop();
    await Promise.all(started.map((app) => app.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const token = await partnerToken(database.db, databaseUrl);
    loadAuditKey(undefined, dataDir);
    const [commandApps, [reads]] = await Promise.all([
      Promise.all(Array.from({ length: commands }, (_, i) => start("command-service", port + 1 + i))),
      Promise.all([start("read-api", port + 1 + commands)]),
      Promise.all(Array.from({ length: projectors }, addProjector)),
    ]);
    const address = (app: AppProcess) => new URL(app.url).host;
    haproxy = startHaproxy({ servers: { command: commandApps.map(address), read: [address(reads!)] }, bind: `127.0.0.1:${port}`, dir: dataDir });
    haproxy.child.stdout?.resume(); // its log (servers going down and up) is not read: drained, so that it never blocks
    await checked(haproxy);
    return {
      url: `http://127.0.0.1:${port}`,
      haproxy,
      commands: commandApps,
      reads: reads!,
      projectors: named,
      database,
      token,
      addProjector,
      kill,
      processes: () => started.filter((app) => !killed.has(app)),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
