import { fastPathDefaults } from "../config.ts";

/** One caller waiting for its turn, with the callbacks of its promise. */
export interface Queued<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export interface GroupBatcherOptions {
  /** Batches in flight at once (connections used); items arriving meanwhile wait and go together. */
  maxInFlight?: number;
  maxBatch?: number;
  /**
   * The fast path FAST_GROUP_BATCHING (decisions/043); default: the process's setting. Off, each
   * call runs alone and at once, in a batch of its own, as if there were no batcher.
   */
  grouping?: boolean;
}

/**
 * Group commit, and its read-side twin: while maxInFlight batches are running, new items queue up
 * and the next free slot takes them all (up to maxBatch) in one statement, one round trip for many
 * callers. A lone caller never waits: its item goes at once, alone. runBatch must settle every
 * queued item it is given.
 */
export function createGroupBatcher<T, R>(runBatch: (batch: Queued<T, R>[]) => Promise<void>, options: GroupBatcherOptions = {}) {
  if (!(options.grouping ?? fastPathDefaults().groupBatching)) return eachAlone(runBatch);
  const maxInFlight = options.maxInFlight ?? 4;
  const maxBatch = options.maxBatch ?? 100;
  const queue: Queued<T, R>[] = [];
  let inFlight = 0;

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      runBatch(batch)
        .catch((error: unknown) => batch.forEach((queued) => queued.reject(error)))
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}

/** Each call in a batch of its own, at once: the batcher with its fast path off. */
function eachAlone<T, R>(runBatch: (batch: Queued<T, R>[]) => Promise<void>) {
  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      runBatch([{ item, resolve, reject }]).catch(reject);
    });
}
