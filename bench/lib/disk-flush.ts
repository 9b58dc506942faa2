import { statSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@crm/infra/db/database";
import { fmt, summarize, type LatencySummary } from "./stats.ts";

export interface DiskFlushes {
  flushes: LatencySummary;
  /** The flushes that took STALL_MS or longer, in ms: every commit in Postgres waited at least as long meanwhile. */
  stalls: number[];
  /** Whether the probe's file is on the filesystem of Postgres's data directory; undefined when that cannot be read. */
  besideWal: boolean | undefined;
}

/** A flush this slow holds every commit behind it for longer than the whole p99 target. */
const STALL_MS = 100;

const GAP_MS = 10;

/**
 * The disk's own floor under commit latency: every GAP_MS, 512 bytes written and
 * fdatasync'ed (Postgres's wal_sync_method here) beside the WAL, timed. A commit cannot answer
 * before its WAL is flushed, so a flush that stalls for a second stalls every command for as long,
 * whatever the code does; this tells such a run apart from a slow one. The flushes run in libuv's
 * thread pool, off the benchmark's event loop.
 */
export function startDiskFlushProbe(dir = tmpdir()): { stop(db: Database): Promise<DiskFlushes> } {
  const file = path.join(dir, `crm-bench-flush-${process.pid}-${Date.now()}`);
  const samples: number[] = [];
  const stalls: number[] = [];
  let running = true;
  const loop = (async () => {
    const handle = await open(file, "w");
    const block = Buffer.alloc(512, 1);
    try {
      while (running) {
        const start = performance.now();
        await handle.write(block, 0, block.length, 0);
        await handle.datasync();
        const ms = performance.now() - start;
        samples.push(ms);
        if (ms >= STALL_MS) stalls.push(ms);
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      }
    } finally {
      await handle.close();
      await rm(file, { force: true });
    }
  })();
  return {
    async stop(db) {
      running = false;
      await loop;
      return { flushes: summarize(samples), stalls, besideWal: await sameFilesystemAsData(db, dir) };
    },
  };
}

async function sameFilesystemAsData(db: Database, dir: string): Promise<boolean | undefined> {
  if (db.kind !== "postgres") return undefined;
  try {
    const { rows } = await db.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'data_directory'");
    return rows[0] ? statSync(rows[0].setting).dev === statSync(dir).dev : undefined;
  } catch {
    return undefined; // the data directory is not ours to stat (another host, no permission)
  }
}

/** One line for a report: the flushes' latency and the time spent in stalls. */
export function describeFlushes({ flushes, stalls, besideWal }: DiskFlushes): string {
  const stalled = stalls.reduce((sum, ms) => sum + ms, 0);
  const where = besideWal === false ? " (not on Postgres's disk)" : "";
  return `disk flush${where} p50 ${fmt(flushes.p50, 1)} ms, p99 ${fmt(flushes.p99, 1)} ms, max ${fmt(flushes.max)} ms; ${stalls.length} stalls >= ${STALL_MS} ms, ${fmt(stalled)} ms in all`;
}
