// The app as its own process (`tsx server/src/main.ts`), so that a load generator does not share
// its event loop and its CPU time and memory can be read from /proc.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { processCpuSeconds, residentMb } from "./machine.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The command service's young generation, as `npm run start:command-service` gives it (docs/decisions/032). */
const COMMAND_SERVICE_NODE_OPTIONS = "--max-semi-space-size=64";

export interface AppProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** When the process was spawned (Date.now()). */
  spawnedAt: number;
  cpuSeconds(): number;
  rssMb(): number;
  /** The highest RSS seen since spawn (sampled every 250 ms). */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  port: number;
  /** A Postgres connection string; without it the app runs on embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** Reuse a data directory (e.g. one already seeded); removed at stop only when created here. */
  dataDir?: string;
  /** How long to wait for /api/health (a first start on a large log builds its read models first). */
  startTimeoutMs?: number;
  /**
   * Which services the process runs (server/src/main.ts): all of them by default. A projector serves
   * no HTTP, so only its start is awaited: wait for its read models through another process's health.
   */
  mode?: "all" | "command-service" | "read-api" | "projector";
  /** The script to run instead of the app (relative to the repository), e.g. the HTTP limit's server. */
  entry?: string;
  /** Environment variables for the process, over the ones set here (LOG_LEVEL=info, say). */
  env?: Record<string, string>;
  /** The checkout whose app runs (another worktree, say, for a before/after); this repository by default. */
  cwd?: string;
}

/** A process without HTTP: started once it is past its imports and still running two seconds later. */
async function waitForStart(child: { exitCode: number | null }) {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
}

/** Until GET /api/health answers 200; with anyAnswer, until it answers at all (the command service has no health route). */
async function waitForHealth(url: string, child: { exitCode: number | null }, timeoutMs: number, anyAnswer = false) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => anyAnswer || r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not answer /api/health within ${timeoutMs / 1000} s`);
}

/**
 * Until the app's GET /api/health reports every read model built and caught up with the log (the
 * projector may run in this process or another one on the same database).
 */
export async function readModelsCaughtUp(app: AppProcess, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const health = (await fetch(`${app.url}/api/health`).then((r) => r.json())) as { projections: { lagEvents: number }[] };
    if (health.projections.filter((p) => p.lagEvents === 0).length >= ALL_PROJECTIONS.length) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the read models did not catch up within ${timeoutMs / 1000} s`);
}

/** Starts node --import tsx server/src/main.ts [mode] (or options.entry) and waits until it answers (a projector: until it has started). */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "crm-bench-app-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: options.databaseUrl ?? "",
    ...(options.mode === "command-service" ? { NODE_OPTIONS: COMMAND_SERVICE_NODE_OPTIONS } : {}),
    ...options.env,
  };
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const mode = options.mode ?? "all";
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", options.entry ?? "server/src/main.ts", mode], {
    cwd: options.cwd ?? ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const spawnedAt = Date.now();
  const url = `http://127.0.0.1:${options.port}`;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(child.pid!) || 0)), 250);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve(clearInterval(sampler))));
  try {
    if (mode === "projector") await waitForStart(child);
    else await waitForHealth(url, child, options.startTimeoutMs ?? 60_000, mode === "command-service");
  } catch (error) {
    child.kill("SIGKILL");
    clearInterval(sampler);
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    spawnedAt,
    peakRssMb: () => Math.max(peak, residentMb(child.pid!) || 0),
    cpuSeconds: () => processCpuSeconds(child.pid!),
    rssMb: () => residentMb(child.pid!),
    async stop() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
