import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { AdvancedNotice } from "@crm/contracts/api/live";
import { ServiceUnavailableError } from "@crm/contracts/api/errors";
import type { Queryable } from "@crm/infra/db/database";
import type { CheckpointWatcher } from "./checkpoint-watcher.ts";

/** What the read API does when the replica cannot answer (READ_FALLBACK): say so (503, X-Stale), or read from the primary. */
export type ReadFallback = "none" | "primary";

/** Seconds a client is asked to wait when the replica cannot answer: a standby restarts in a few. */
const RETRY_AFTER_SECONDS = 5;

const replicaUnavailable = () => new ServiceUnavailableError("The read replica cannot answer; try again in a few seconds.", RETRY_AFTER_SECONDS);

/**
 * Whether an error says the replica cannot answer now, rather than that the query is wrong: its
 * connection refused, cut or timed out (SQLSTATE class 08, or a socket error), the server shutting
 * down or starting up (57P01-57P03), a query cancelled by a conflict with recovery (40001: the
 * standby replayed a change that removed rows the query was reading), or a database it has not
 * replayed yet (3D000).
 */
export function replicaCannotAnswer(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || code.startsWith("E") || ["57P01", "57P02", "57P03", "40001", "3D000"].includes(code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(error.message);
}

export interface ReplicaReads {
  /**
   * Where read-model queries go: to the replica, or to the primary for a request sent there
   * (onPrimary). A query the replica cannot answer goes to the primary with READ_FALLBACK=primary,
   * and is a 503 with Retry-After otherwise: never an answer from nowhere, never a 500.
   */
  db: Queryable;
  /** Runs fn (the rest of a request's handling) with its read-model queries on the primary. */
  onPrimary<T>(fn: () => T): T;
}

/** Routes read-model queries between a replica and its primary (docs/decisions/061-reads-from-a-replica.md). */
export function routeReads(replica: Queryable, primary: Queryable, fallback: ReadFallback): ReplicaReads {
  const sentToPrimary = new AsyncLocalStorage<true>();
  const onReplica = async <T>(run: (db: Queryable) => Promise<T>): Promise<T> => {
    if (sentToPrimary.getStore()) return run(primary);
    try {
      return await run(replica);
    } catch (error) {
      if (!replicaCannotAnswer(error)) throw error;
      if (fallback === "primary") return run(primary);
      throw replicaUnavailable();
    }
  };
  return {
    db: {
      query: (sql, params) => onReplica((db) => db.query(sql, params)),
      exec: (sql) => onReplica((db) => db.exec(sql)),
    },
    onPrimary: (fn) => sentToPrimary.run(true, fn),
  };
}

const CHECKPOINTS = "SELECT name, version, min(position) OVER () AS least FROM projection_checkpoints";

export interface ReplicaWatcherOptions {
  /** The longest pause between two looks at the replica's checkpoints while a read waits for a position. */
  pollMs?: number;
  /** How long a notice is held back for the replica to replay what it announces, at most. */
  noticeWaitMs?: number;
  /** Where current() looks when the replica cannot answer: the primary's watcher, or nowhere (a 503). */
  fallback?: ReadFallback;
  /**
   * Has the primary flush its WAL, so that the standby receives it now. The projector commits
   * asynchronously (decisions/029), and a primary sends its standbys only WAL it has flushed: on a
   * quiet system the projector's last commit could wait for the WAL writer (up to three times
   * wal_writer_delay, 600 ms by default) before any replica sees it.
   */
  flushPrimary?: () => Promise<unknown>;
}

/**
 * The checkpoint watcher of a read side that reads from a replica. The primary's watcher hears the
 * projector's notices; this one answers for the replica, whose copy of the read models and of their
 * checkpoints (projection_checkpoints, replicated with them) trails the primary's by the replay lag.
 * A standby cannot LISTEN, so a read waiting for a position first waits for the primary's projector
 * to pass it (a notice), then looks at the replica's checkpoints until they pass it too, a few
 * milliseconds apart, one query shared by every waiting read. Notices reach this watcher's listeners
 * (the live stream) only once the replica has what they announce, so a browser that refreshes on
 * one reads the change from the replica.
 */
export async function createReplicaWatcher(replica: Queryable, primary: CheckpointWatcher, options: ReplicaWatcherOptions = {}): Promise<CheckpointWatcher> {
  const { pollMs = 20, noticeWaitMs = 5_000, fallback = "none", flushPrimary } = options;
  /** The position every read model on the replica had passed at the latest look. */
  let passed = "";
  let versions = new Map<string, number>();
  let epoch = 0;
  let looking: Promise<string> | undefined;

  async function look(): Promise<string> {
    try {
      const { rows } = await replica.query<{ name: string; version: number; least: string }>(CHECKPOINTS);
      passed = rows[0]?.least ?? "";
      versions = new Map(rows.map((r) => [r.name, r.version]));
      return passed;
    } finally {
      epoch++; // whatever the look found (or that it failed), a cached stamp must be asked for again
    }
  }

  let flushing: Promise<unknown> | undefined;
  /** One flush at a time, shared by every read that waits meanwhile; a failed one only leaves the WAL writer to it. */
  const flush = () => {
    flushing ??= (flushPrimary?.() ?? Promise.resolve()).catch(() => undefined).finally(() => (flushing = undefined));
  };

  /** One look at a time, shared by every read that asks meanwhile. */
  function shared(): Promise<string> {
    looking ??= look().finally(() => (looking = undefined));
    return looking;
  }

  function current(): Promise<string> {
    return shared().catch((error: unknown) => {
      if (!replicaCannotAnswer(error)) throw error;
      if (fallback === "primary") return primary.current();
      throw replicaUnavailable();
    });
  }

  async function waitFor(position: string, timeoutMs: number): Promise<boolean> {
    if (passed >= position) return true;
    const deadline = Date.now() + timeoutMs;
    // Until the primary's projector has passed it, no replica has: wait for its notice, not by polling.
    if (!(await primary.waitFor(position, timeoutMs))) return false;
    for (let pause = 1; ; pause = Math.min(pause * 2, pollMs)) {
      try {
        if ((await shared()) >= position) return true;
      } catch {
        return false; // the replica cannot answer: the caller says so or reads from the primary
      }
      if (pause === 1) flush(); // the replica has not got it: perhaps the primary has not sent it yet
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await sleep(Math.min(pause, left));
    }
  }

  const listeners = new Set<(notice: AdvancedNotice) => void>();
  let held: Promise<void> = Promise.resolve();
  const unsubscribe = primary.onAdvance((notice) => {
    // In the order they came, each once the replica has it (or has not within noticeWaitMs).
    // A failure (the primary's checkpoints unreadable) only releases the notice sooner: the queue must go on.
    held = held
      .then(() => waitFor(notice.passed ?? notice.position, noticeWaitMs))
      .catch(() => false)
      .then(() => {
        for (const listener of listeners) listener(notice);
      })
      .catch(() => undefined);
  });

  await shared().catch(() => undefined); // a replica that cannot answer yet is asked again by the first read

  return {
    current,
    waitFor,
    epoch: () => epoch,
    // Before the replica first answers, the primary's versions (its tables are the replica's soon).
    servingVersion: (name) => versions.get(name) ?? primary.servingVersion(name),
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      unsubscribe();
    },
  };
}
