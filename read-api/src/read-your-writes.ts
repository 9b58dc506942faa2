import type { RequestHandler } from "express";
import { MIN_POSITION_HEADER, STALE_HEADER } from "@crm/contracts/api/command-result";
import { ValidationError } from "@crm/contracts/api/errors";
import { isPosition, normalizePosition } from "@crm/infra/event-store/position";
import type { CheckpointWatcher } from "./checkpoint-watcher.ts";

/** Where a read goes when its own read models have not passed the position (READ_FALLBACK=primary). */
export interface PrimaryFallback {
  /** The primary's checkpoints. */
  watcher: Pick<CheckpointWatcher, "waitFor">;
  /** Runs the rest of the request with its read-model queries on the primary. */
  onPrimary<T>(fn: () => T): T;
}

export interface ReadYourWritesOptions {
  /** How long a read may wait for the position in all, before it is answered as it stands with X-Stale: true. */
  timeoutMs?: number;
  /** With a replica and READ_FALLBACK=primary: the primary, and how long the replica is waited for before it. */
  fallback?: PrimaryFallback & { patienceMs?: number };
}

/**
 * Holds a GET until the read models have passed X-Min-Position, or answers with X-Stale: true after
 * the timeout. Reading from a replica with a fallback, the replica is given patienceMs, then the
 * read goes to the primary once the primary's read models have passed the position.
 */
export function readYourWrites(watcher: Pick<CheckpointWatcher, "waitFor">, { timeoutMs = 2_000, fallback }: ReadYourWritesOptions = {}): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(MIN_POSITION_HEADER);
    if (req.method !== "GET" || header === undefined) return next();
    if (!isPosition(header)) throw new ValidationError([{ field: MIN_POSITION_HEADER, message: "Not a log position" }]);
    // Checkpoints are fixed-width text: "5-7" must be widened before it is compared with them.
    const position = normalizePosition(header);
    const started = Date.now();
    if (await watcher.waitFor(position, fallback ? Math.min(timeoutMs, fallback.patienceMs ?? 500) : timeoutMs)) return next();
    if (fallback && (await fallback.watcher.waitFor(position, Math.max(0, timeoutMs - (Date.now() - started))))) return fallback.onPrimary(next);
    res.setHeader(STALE_HEADER, "true");
    next();
  };
}
