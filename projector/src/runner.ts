import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { defaultLogger, logTo } from "@crm/infra/log/logger";
import { advanceCheckpointsAndNotify, loadCheckpoints, recordProjectionError, tryLockProjections, type Checkpoint } from "./checkpoints.ts";
import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
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
  const gatherFrom = options.gatherFrom ?? 16;
  const gatherMs = options.gatherMs ?? 10;
  const log = options.log ?? logTo(defaultLogger);
  const paused = new Set<string>();
  let running = false;
  let wake: ((byAppend: boolean) => void) | undefined;
  /** Set by every append notice, also while a batch runs (when nobody waits to be woken). */
  let signalled = false;
  /** The newest position an append notice named, and where the last read left the read models. */
  let announced = "";
  let processedTo: string | undefined;
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  /**
   * The checkpoints as this instance last wrote them. Only its own compare-and-set moves them while
   * it holds every lock, so they are read again only after something else may have moved them: a
   * lock it did not get, a move that failed, an error, a pause or a resume.
   */
  let known: Map<string, Checkpoint> | undefined;
  /** Bumped by pause and resume, so a batch that was running meanwhile does not keep its checkpoints. */
  let generation = 0;

  async function runOnce(): Promise<number> {
    processedTo = undefined;
    const active = projections.filter((p) => !paused.has(p.name));
    if (active.length === 0) return 0;
    const started = generation;
    const checkpoints = known ?? (await loadCheckpoints(db));
    if (started === generation) known = checkpoints;
    const ready = active.filter((p) => checkpoints.get(p.name)?.version === p.version);
    if (ready.length === 0) return 0;
    const from = ready.map((p) => checkpoints.get(p.name)!.position).reduce((a, b) => (a < b ? a : b));
    const events = await store.readAll({ after: from, limit: batchSize });
    processedTo = from;
    if (events.length === 0) return 0;
    const to = events.at(-1)!.position;
    known = undefined;
    let allMine = false;
    try {
      // Locks and checkpoint moves go in one statement each for all projections, and the handlers
      // run side by side: their statements leave together (pipelined), so a small live batch costs
      // a few round trips, not one per statement.
      await db.transaction(async (tx) => {
        const pendingOf = (p: Projection) => {
          const at = checkpoints.get(p.name)!.position;
          return at === from ? events : events.filter((e) => e.position > at);
        };
        const candidates = ready.filter((p) => pendingOf(p).length > 0);
        // Read models are the log's derivatives: a crash may take back the last batches (with their
        // checkpoint moves, so they are applied again), and the commit need not wait for the disk.
        // The read API's wait counts only checkpoints it queried after such a crash.
        const [, locked] = await Promise.all([tx.exec("SET LOCAL synchronous_commit = off"), tryLockProjections(tx, candidates.map((p) => p.name))]);
        const mine = candidates.filter((p) => locked.has(p.name)).map((p) => ({ projection: p, pending: pendingOf(p) }));
        const topics = new Set(mine.flatMap(({ projection, pending }) => projection.topics(pending)));
        const moves = mine.map(({ projection: p }) => ({ name: p.name, version: p.version, from: checkpoints.get(p.name)!.position }));
        const notice = noticeWithin({ position: to, topics: [...topics] });
        // The compare-and-set goes first, with the handlers' first statements; the NOTIFY waits for the commit.
        const [move, ...applied] = await Promise.allSettled([
          advanceCheckpointsAndNotify(tx, moves, to, PROJECTIONS_CHANNEL, notice),
          ...mine.map(({ projection, pending }) => projection.apply(tx, pending)),
        ]);
        const failures = [move, ...applied].flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
        if (failures.length > 0) throw failures.find((e) => !abortedEarlier(e)) ?? failures[0];
        if (!(move as PromiseFulfilledResult<boolean>).value) throw new CheckpointMoved(moves.map((m) => m.name).join(", "));
        allMine = mine.length === candidates.length && ready.length === active.length;
        if (allMine) for (const m of moves) checkpoints.set(m.name, { ...checkpoints.get(m.name)!, position: to, lastError: null });
      });
    } catch (error) {
      processedTo = undefined;
      if (error instanceof CheckpointMoved) return 0; // another instance or a rebuild moved it: reload next time
      await recordProjectionError(db, ready.map((p) => p.name), errorMessage(error, events)).catch(() => undefined);
      throw error;
    }
    if (allMine && started === generation) known = checkpoints;
    processedTo = to;
    return events.length;
  }

  /**
   * An append was announced that the log did not deliver yet: its commit is visible, but an older
   * transaction of this database still holds the readable head back (READABLE_HORIZON), and no
   * further notice will come when that one ends. Look again soon instead of at the next poll.
   */
  const heldBack = () => processedTo !== undefined && announced > processedTo;

  /** Waits ms, or less: resume and stop end the wait, and so does an append notice unless it is a gathering wait. */
  function pause(ms: number, { gathering = false } = {}) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = (byAppend) => {
        if (byAppend && gathering) return; // the appends are what it waits for
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = undefined));
  }

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
          if (read >= gatherFrom) await pause(gatherMs, { gathering: true });
          continue;
        }
        if (heldBack()) {
          await pause(recheck);
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
      await pause(pollMs);
    }
  }

  return {
    runOnce,
    async start() {
      if (running) return;
      running = true;
      unlisten = await store.onAppend((position) => {
        if (position !== undefined) {
          // A notice at or below one already heard adds nothing: that one's read covers it.
          if (position <= announced) return;
          announced = position;
        }
        signalled = true;
        wake?.(true);
      });
      loop = run();
    },
    async stop() {
      running = false;
      wake?.(false);
      await loop;
      await unlisten?.();
    },
    pause(name) {
      paused.add(name);
      known = undefined;
      generation++;
    },
    resume(name) {
      paused.delete(name);
      known = undefined;
      generation++;
      wake?.(false);
    },
  };
}

class CheckpointMoved extends Error {}

/** A statement refused because an earlier one failed the transaction: that one's error says what went wrong. */
const abortedEarlier = (error: unknown) => (error as { code?: unknown } | undefined)?.code === "25P02";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** NOTIFY payloads are limited to 8000 bytes: past that, send only the coarse topics. */
function noticeWithin(notice: AdvancedNotice): AdvancedNotice {
  if (JSON.stringify(notice).length < 7_000) return notice;
  return { position: notice.position, topics: notice.topics.filter((t) => !t.includes(":")) };
}

function errorMessage(error: unknown, events: readonly RecordedEvent[]) {
  const text = error instanceof Error ? error.message : String(error);
  return `${text} (batch ${events[0]?.position} .. ${events.at(-1)?.position})`;
}
