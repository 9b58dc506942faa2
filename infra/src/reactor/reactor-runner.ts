import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { EventType, RecordedEvent } from "@crm/contracts/events/registry";
import type { Database } from "../db/database.ts";
import { typedPage, type EventStore, type TypedLogPage } from "../event-store/event-store.ts";
import { defaultLogger, logTo } from "../log/logger.ts";
import { advanceReactor, claimReactor, recordReactorError, releaseReactor, renewReactor } from "./reactor-checkpoints.ts";

/**
 * How long a claim keeps a reactor to one process (decisions/059). Its owner renews it at each wake-up
 * (the claim), each advance and, while a batch is handled, every third of it: it runs out only when the
 * owner is gone or cannot reach the database, and then another instance takes the reactor over within
 * about this long plus a poll.
 */
export const DEFAULT_LEASE_MS = 10_000;

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
  /** How long a claim holds the reactor without a renewal (default DEFAULT_LEASE_MS). */
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
 * One process at a time runs a reactor: the one whose lease is current, renewed for as long as it runs.
 */
// eslint-disable-next-line max-lines-per-function -- the closure is the runner: its loop, pause and lease share the stop and wake state
export function createReactorRunner(options: ReactorRunnerOptions): ReactorRunner {
  const { db, store, reactor } = options;
  const batchSize = options.batchSize ?? 200;
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const coalesceMs = options.coalesceMs ?? 0;
  const log = options.log ?? logTo(defaultLogger);
  /** This runner, named by host and process id so that reactor_checkpoints tells which instance runs each reactor. */
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  let running = false;
  let stopping = false;
  let nudged = false;
  let wake: ((byNudge: boolean) => void) | undefined;
  let done: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function readPage(after: string): Promise<TypedLogPage> {
    if (reactor.types) return store.readAllOfTypes({ after, limit: batchSize, types: reactor.types });
    return typedPage(await store.readAll({ after, limit: batchSize }), after);
  }

  /** One batch if this runner holds (or takes) the lease: how many events it read, or undefined when another instance holds it. */
  async function step(): Promise<number | undefined> {
    const from = await claimReactor(db, reactor.name, owner, leaseMs);
    if (from === undefined) return undefined;
    const renewing = keepLease({ db, name: reactor.name, owner, leaseMs, log });
    try {
      return await handleBatch(from);
    } finally {
      renewing.stop();
    }
  }

  async function runOnce(): Promise<number> {
    return (await step()) ?? 0;
  }

  /** Handles the page after `from`; a move that finds the lease or the checkpoint taken ends the batch. */
  async function handleBatch(from: string): Promise<number> {
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
        const read = await step();
        backoff = 500;
        // Another instance runs the reactor: stand by, trying again at each poll only. Woken by every
        // append, each standby would cost a statement an append (decisions/059).
        if (read === undefined) {
          await pause(pollMs, false);
          continue;
        }
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

  /** Waits ms, or until stopped, or (when nudgeable) until an append nudges it. */
  function pause(ms: number, nudgeable = true) {
    return new Promise<void>((resolve) => {
      if ((nudged && nudgeable) || stopping) return resolve();
      const timer = setTimeout(resolve, ms);
      wake = (byNudge) => {
        if (byNudge && !nudgeable) return;
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
        wake?.(true);
      });
      done = loop();
    },
    async stop() {
      stopping = true;
      running = false;
      wake?.(false);
      await done;
      await unlisten?.();
      await releaseReactor(db, reactor.name, owner).catch(() => undefined);
    },
  };
}

/**
 * Renews the lease every third of its length until stopped, while a batch is handled: a handler may
 * take longer than the lease (a mail retried for half a minute, a slow provider) without a second
 * instance claiming the reactor and sending the same message. A renewal that fails is tried again at
 * the next tick; one that finds another owner changes nothing, and this runner's next advance fails.
 */
function keepLease(options: {
  db: Database;
  name: string;
  owner: string;
  leaseMs: number;
  log: (message: string, error?: unknown) => void;
}) {
  const { db, name, owner, leaseMs, log } = options;
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renewReactor(db, name, owner, leaseMs)
      .catch((error: unknown) => log(`reactor ${name}: could not renew its lease`, error))
      .finally(() => (renewing = false));
  }, leaseMs / 3);
  return { stop: () => clearInterval(timer) };
}
