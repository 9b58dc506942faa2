import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { advanceCheckpoint, loadCheckpoints, recordProjectionError, tryLockProjection } from "./checkpoints.ts";
import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import type { Projection } from "./projection.ts";

export interface RunnerOptions {
  db: Database;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface ProjectorRunner {
  /** Applies at most one batch to every projection; resolves to the number of events read. */
  runOnce(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Leaves a projection alone (while it is rebuilt) or takes it back. */
  pause(name: string): void;
  resume(name: string): void;
}

/**
 * Follows the global log and keeps the read models current: reads a batch once, then in one
 * transaction applies it to each projection that holds its lock and moves each checkpoint with a
 * compare-and-set. An event therefore takes effect exactly once, also after a crash.
 */
export function createProjectorRunner(options: RunnerOptions): ProjectorRunner {
  const { db, store, projections } = options;
  const batchSize = options.batchSize ?? 2_000;
  const pollMs = options.pollMs ?? 1_000;
  const log = options.log ?? ((m, e) => console.error(m, e));
  const paused = new Set<string>();
  let running = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function runOnce(): Promise<number> {
    const active = projections.filter((p) => !paused.has(p.name));
    if (active.length === 0) return 0;
    const checkpoints = await loadCheckpoints(db);
    const ready = active.filter((p) => checkpoints.get(p.name)?.version === p.version);
    if (ready.length === 0) return 0;
    const from = ready.map((p) => checkpoints.get(p.name)!.position).reduce((a, b) => (a < b ? a : b));
    const events = await store.readAll({ after: from, limit: batchSize });
    if (events.length === 0) return 0;
    const to = events.at(-1)!.position;
    try {
      await db.transaction(async (tx) => {
        const topics = new Set<string>();
        for (const projection of ready) {
          const at = checkpoints.get(projection.name)!.position;
          const pending = at === from ? events : events.filter((e) => e.position > at);
          if (pending.length === 0 || !(await tryLockProjection(tx, projection.name))) continue;
          await projection.apply(tx, pending);
          if (!(await advanceCheckpoint(tx, projection.name, projection.version, at, to))) throw new CheckpointMoved(projection.name);
          for (const topic of projection.topics(pending)) topics.add(topic);
        }
        const notice: AdvancedNotice = { position: to, topics: [...topics] };
        await tx.query("SELECT pg_notify($1, $2)", [PROJECTIONS_CHANNEL, noticePayload(notice)]);
      });
    } catch (error) {
      if (error instanceof CheckpointMoved) return 0; // another instance or a rebuild moved it: reload next time
      await recordProjectionError(db, ready.map((p) => p.name), errorMessage(error, events)).catch(() => undefined);
      throw error;
    }
    return events.length;
  }

  async function run() {
    let backoff = 100;
    while (running) {
      try {
        const read = await runOnce();
        backoff = 100;
        if (read > 0) continue;
      } catch (error) {
        log("projector: batch failed, retrying", error);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    runOnce,
    async start() {
      if (running) return;
      running = true;
      unlisten = await store.onAppend(() => wake?.());
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      await unlisten?.();
    },
    pause: (name) => void paused.add(name),
    resume(name) {
      paused.delete(name);
      wake?.();
    },
  };
}

class CheckpointMoved extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** NOTIFY payloads are limited to 8000 bytes: past that, send only the coarse topics. */
function noticePayload(notice: AdvancedNotice): string {
  const full = JSON.stringify(notice);
  if (full.length < 7_000) return full;
  return JSON.stringify({ position: notice.position, topics: notice.topics.filter((t) => !t.includes(":")) });
}

function errorMessage(error: unknown, events: readonly RecordedEvent[]) {
  const text = error instanceof Error ? error.message : String(error);
  return `${text} (batch ${events[0]?.position} .. ${events.at(-1)?.position})`;
}
