import type { RecordedEvent } from "@crm/contracts/events/registry";
import { fastPathDefaults } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { defaultLogger, logTo } from "@crm/infra/log/logger";
import { CheckpointMoved, createBatchApplier } from "./batch-applier.ts";
import { createCheckpointKeeper } from "./checkpoint-keeper.ts";
import { recordProjectionError } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

export interface RunnerOptions {
  db: Database;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  pollMs?: number;
  /**
   * A live batch of at least `gatherFrom` events (default 16), after which more appends were
   * announced, means the log is busy: the runner then waits `gatherMs` (default 10) before it reads
   * again, so that the next batch carries more events for the same statements (decisions/034).
   */
  gatherFrom?: number;
  gatherMs?: number;
  /**
   * The fast path FAST_PIPELINED_PROJECTOR (decisions/029, 043); default: the process's setting.
   * Off, each batch reads the checkpoints, then the log, applies the events to one read model
   * after another and saves the checkpoints, each step waiting for the one before.
   */
  pipelined?: boolean;
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
 * Follows the global log and keeps the read models current. The runner is the loop: it reads the
 * log after the least checkpoint of the projections it runs, a batch at a time, and hands each batch
 * to the batch applier (batch-applier.ts: one transaction, exactly once); the checkpoint keeper
 * (checkpoint-keeper.ts) reads and saves where each projection stands.
 */
export function createProjectorRunner(options: RunnerOptions): ProjectorRunner {
  const { db, store, projections } = options;
  const batchSize = options.batchSize ?? 2_000;
  const pipelined = options.pipelined ?? fastPathDefaults().pipelinedProjector;
  const checkpoints = createCheckpointKeeper(db, { remember: pipelined });
  const applyBatch = createBatchApplier(db, checkpoints, { pipelined });
  const paused = new Set<string>();
  /** Where the last read left the read models (undefined while a batch runs or after it failed). */
  let processedTo: string | undefined;

  async function runOnce(): Promise<number> {
    processedTo = undefined;
    const active = projections.filter((p) => !paused.has(p.name));
    if (active.length === 0) return 0;
    const read = await checkpoints.read();
    const ready = active.filter((p) => read.byName.get(p.name)?.version === p.version);
    if (ready.length === 0) return 0;
    const from = ready.map((p) => read.byName.get(p.name)!.position).reduce((a, b) => (a < b ? a : b));
    const events = await store.readAll({ after: from, limit: batchSize });
    processedTo = from;
    if (events.length === 0) return 0;
    checkpoints.unsure();
    try {
      const applied = await applyBatch({ events, from, projections: ready, checkpoints: read });
      if (applied.all && ready.length === active.length) checkpoints.saved(read, applied.moves, events.at(-1)!.position);
    } catch (error) {
      processedTo = undefined;
      if (error instanceof CheckpointMoved) return 0; // another instance or a rebuild moved it: reload next time
      await recordProjectionError(
        db,
        ready.map((p) => p.name),
        errorMessage(error, events),
      ).catch(() => undefined);
      throw error;
    }
    processedTo = events.at(-1)!.position;
    return events.length;
  }

  const follower = createFollower(options, runOnce, () => processedTo);
  return {
    runOnce,
    start: follower.start,
    stop: follower.stop,
    pause(name) {
      paused.add(name);
      checkpoints.forget();
    },
    resume(name) {
      paused.delete(name);
      checkpoints.forget();
      follower.wake();
    },
  };
}

/**
 * Runs batches while the runner runs: wakes on the store's append notices (polling as a fallback),
 * reads again at once while batches come full or appends were announced meanwhile, and backs off
 * after a failed batch.
 */
function createFollower(options: RunnerOptions, runOnce: () => Promise<number>, processedTo: () => string | undefined) {
  const batchSize = options.batchSize ?? 2_000;
  const pollMs = options.pollMs ?? 1_000;
  const gatherFrom = options.gatherFrom ?? 16;
  const gatherMs = options.gatherMs ?? 10;
  const log = options.log ?? logTo(defaultLogger);
  const waiter = createWaiter();
  let running = false;
  /** Set by every append notice, also while a batch runs (when nobody waits to be woken). */
  let signalled = false;
  /** The newest position an append notice named. */
  let announced = "";
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  /**
   * An append was announced that the log did not deliver yet: its commit is visible, but an older
   * transaction of this database still holds the readable head back (READABLE_HORIZON), and no
   * further notice will come when that one ends. Look again soon instead of at the next poll.
   */
  const heldBack = () => processedTo() !== undefined && announced > processedTo()!;

  async function run() {
    let backoff = 100;
    let recheck = 10;
    while (running) {
      signalled = false;
      try {
        const read = await runOnce();
        backoff = 100;
        // Read again only when the batch was full or an append was announced meanwhile: an extra
        // empty read after every live batch would cost as much as the batch itself.
        if (read >= batchSize) continue;
        if (signalled) {
          // Each batch costs the same statements, whatever its size: while commands keep coming,
          // waiting a little lets the next batch carry more of them. A quiet log is read at once.
          if (read >= gatherFrom) await waiter.pause(gatherMs, { gathering: true });
          continue;
        }
        if (heldBack()) {
          await waiter.pause(recheck);
          recheck = Math.min(recheck * 2, pollMs);
          continue;
        }
        recheck = 10;
      } catch (error) {
        log("projector: batch failed, retrying", error);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
        continue;
      }
      await waiter.pause(pollMs);
    }
  }

  return {
    async start() {
      if (running) return;
      running = true;
      unlisten = await options.store.onAppend((position) => {
        if (position !== undefined) {
          // A notice at or below one already heard adds nothing: that one's read covers it.
          if (position <= announced) return;
          announced = position;
        }
        signalled = true;
        waiter.wake(true);
      });
      loop = run();
    },
    async stop() {
      running = false;
      waiter.wake(false);
      await loop;
      await unlisten?.();
    },
    wake: () => waiter.wake(false),
  };
}

/** One wait at a time, which a wake ends early. */
function createWaiter() {
  let wake: ((byAppend: boolean) => void) | undefined;
  return {
    /** Waits ms, or less: resume and stop end the wait, and so does an append notice unless it is a gathering wait. */
    pause(ms: number, { gathering = false } = {}) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = (byAppend) => {
          if (byAppend && gathering) return; // the appends are what it waits for
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => (wake = undefined));
    },
    wake: (byAppend: boolean) => wake?.(byAppend),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function errorMessage(error: unknown, events: readonly RecordedEvent[]) {
  const text = error instanceof Error ? error.message : String(error);
  return `${text} (batch ${events[0]?.position} .. ${events.at(-1)?.position})`;
}
