/**
 * Resident memory of the app (`tsx server/src/main.ts`, all services, embedded PGlite store):
 * idle on an empty data directory, and while and after it builds every read model from a log of
 * `events` mixed events seeded into its data directory beforehand.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate } from "@crm/infra/db/migrations";
import { createPgliteDatabase } from "@crm/infra/db/pglite-database";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { readModelsCaughtUp, startAppProcess } from "./lib/app-process.ts";
import { machineLoad } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { seedMixedEvents } from "./lib/seed-mixed.ts";
import { fmt } from "./lib/stats.ts";

export interface MemoryBenchOptions {
  events: number;
  port?: number;
  log?: (line: string) => void;
}

const TARGET_MB = 600;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seeds a PGlite data directory the way the app lays it out (DATA_DIR/pglite). */
async function seededDataDir(events: number): Promise<{ dir: string; events: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-mem-"));
  const db = await createPgliteDatabase(path.join(dir, "pglite"));
  try {
    await migrate(db, ALL_MIGRATIONS);
    const seeded = await seedMixedEvents(db, { events });
    return { dir, events: seeded.events };
  } finally {
    await db.close();
  }
}

/** RSS of an app 3 s after it answered, on the given data directory (a fresh one when omitted). */
async function idleRss(port: number, dataDir?: string): Promise<number> {
  const app = await startAppProcess({ port, ...(dataDir ? { dataDir } : {}) });
  await sleep(3_000);
  const mb = app.rssMb();
  await app.stop();
  return mb;
}

/** RSS idle on an empty store, then peak and settled RSS around the build of a seeded log. */
export async function benchMemory({ events, port = 5130, log = console.log }: MemoryBenchOptions): Promise<Figure[]> {
  const emptyDir = mkdtempSync(path.join(tmpdir(), "crm-bench-mem-"));
  const firstMb = await idleRss(port, emptyDir); // the first start creates the database (initdb)
  const idleMb = await idleRss(port, emptyDir);
  rmSync(emptyDir, { recursive: true, force: true });
  log(
    `memory: app idle on an empty embedded store ${fmt(idleMb)} MB RSS (first start, creating the database: ${fmt(firstMb)} MB), ${machineLoad()}`,
  );

  const seeded = await seededDataDir(events);
  try {
    const app = await startAppProcess({ port, dataDir: seeded.dir, startTimeoutMs: 600_000 });
    try {
      await readModelsCaughtUp(app, 600_000);
      const seconds = (Date.now() - app.spawnedAt) / 1000;
      await sleep(3_000);
      const afterMb = app.rssMb();
      const peakMb = app.peakRssMb();
      log(
        `  read models built from ${fmt(seeded.events)} events ${fmt(seconds, 1)} s after spawn; RSS peak ${fmt(peakMb)} MB, after ${fmt(afterMb)} MB, ${machineLoad()}`,
      );
      const label = `${fmt(seeded.events / 1e6, 2)}M events, PGlite`;
      return [
        {
          figure: "app RSS idle (PGlite, empty)",
          measured: `${fmt(idleMb)} MB (first start creating the database: ${fmt(firstMb)} MB)`,
          target: `<= ${TARGET_MB} MB`,
          limit: "-",
          verdict: verdict(idleMb <= TARGET_MB),
        },
        {
          figure: `app RSS after start-up rebuild (${label})`,
          measured: `${fmt(afterMb)} MB after (peak while building ${fmt(peakMb)} MB); start + rebuild ${fmt(seconds, 1)} s`,
          target: `<= ${TARGET_MB} MB after`,
          limit: "-",
          // The figure is the memory after the rebuild; the peak is printed beside it.
          verdict: verdict(afterMb <= TARGET_MB),
        },
      ];
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(seeded.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  console.log(textTable(await benchMemory({ events: Number(process.argv[2] ?? 50_000) })));
}
