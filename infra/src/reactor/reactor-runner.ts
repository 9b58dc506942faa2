import { randomUUID } from "node:crypto";
import type { EventType, RecordedEvent } from "@crm/contracts/events/registry";
import type { Database } from "../db/database.ts";
import { typedPage, type EventStore, type TypedLogPage } from "../event-store/event-store.ts";
import { defaultLogger, logTo } from "../log/logger.ts";
import { advanceReactor, claimReactor, recordReactorError, releaseReactor } from "./reactor-checkpoints.ts";

/** A side effect that follows the log (docs/decisions/008-meetings-and-messages-delivered-by-reactors.md). */
export interface Reactor {
  name: string;
  /**
   * The event types it may handle: the runner reads the others' positions only, never their data
   * (most of the log is none of a reactor's business). Without them it reads every event.
   */
  types?: readonly EventType[];
  /** Which of the events read it handles, when that takes more than their type (default: all of them). */
  handles?(event: RecordedEvent): boolean;
  /**
   * Performs the effect and appends its outcome. Must skip an event whose outcome exists: after a
   * crash between the effect and the checkpoint the same event comes again (at-least-once).
   */
  handle(event: RecordedEvent): Promise<void>;
}

export interface ReactorRunnerOptions {
  db: Database;
  store: EventStore;
  reactor: Reactor;
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
  /** After a wake-up, wait this long so that the appends of the next moments make one batch (default 0). */
  coalesceMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface ReactorRunner {
  /** Handles at most one batch; resolves to the number of events read (0 when another process holds the lease). */
  runOnce(): Promise<number>;
  /** Runs batches until stopped: woken by appends, polling as a fallback. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the global log from the reactor's own checkpoint. The checkpoint moves past an event
 * only after its handler finished (outcome appended), so nothing is lost; a crash may repeat one.
 */
// eslint-disable-next-line max-lines-per-function -- the closure is the runner: its loop, pause and lease share the stop and wake state
export function createReactorRunner(options: ReactorRunnerOptions): ReactorRunner {
  const { db, store, reactor } = options;
  const batchSize = options.batchSize ?? 200;
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const coalesceMs = options.coalesceMs ?? 0;
  const log = options.log ?? logTo(defaultLogger);
  const owner = randomUUID();
  let running = false;
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | undefined;
  let done: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function readPage(after: string): Promise<TypedLogPage> {
    if (reactor.types) return store.readAllOfTypes({ after, limit: batchSize, types: reactor.types });
    return typedPage(await store.readAll({ after, limit: batchSize }), after);
  }

  async function runOnce(): Promise<number> {
    const from = await claimReactor(db, reactor.name, owner, leaseMs);
    if (from === undefined) return 0;
    const { events, read, through } = await readPage(from);
    let at = from;
    for (const event of events) {
      if (stopping) break;
      if (reactor.handles?.(event) ?? true) {
        await reactor.handle(event);
        if (!(await advanceReactor(db, reactor.name, owner, at, event.position, leaseMs))) return 0;
        at = event.position;
      }
    }
    if (!stopping && through !== at && !(await advanceReactor(db, reactor.name, owner, at, through, leaseMs))) return 0;
    return read;
  }

  async function loop() {
    let backoff = 500;
    while (!stopping) {
      try {
        // A full batch may have more behind it; a shorter one reached the head, and any append
        // since then has nudged the pause below.
        const read = await runOnce();
        backoff = 500;
        if (read >= batchSize) continue;
      } catch (error) {
        log(`reactor ${reactor.name}: failed, retrying in ${backoff} ms`, error);
        await recordReactorError(db, reactor.name, error instanceof Error ? error.message : String(error)).catch(() => undefined);
        await pause(backoff);
        backoff = Math.min(backoff * 2, 30_000);
        continue;
      }
      await pause(pollMs);
      if (coalesceMs > 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, coalesceMs));
    }
  }

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      if (nudged || stopping) return resolve();
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = undefined;
      nudged = false;
    });
  }

  return {
    runOnce,
    async start() {
      if (running) return;
      running = true;
      unlisten = await store.onAppend(() => {
        nudged = true;
        wake?.();
      });
      done = loop();
    },
    async stop() {
      stopping = true;
      running = false;
      wake?.();
      await done;
      await unlisten?.();
      await releaseReactor(db, reactor.name, owner).catch(() => undefined);
    },
  };
}
