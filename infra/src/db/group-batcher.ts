/** One append waiting for its turn, with the promise callbacks of its caller. */
export interface QueuedAppend<T> {
  item: T;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface AppendBatcherOptions {
  /** Batches in flight at once (connections used); appends arriving meanwhile wait and go together. */
  maxInFlight?: number;
  maxBatch?: number;
}

/**
 * Group commit for appends: while maxInFlight batches are running, new appends queue up and the
 * next free slot takes them all (up to maxBatch) in one statement. A lone writer never waits:
 * its append goes at once, alone. runBatch must settle every queued append it is given.
 */
export function createAppendBatcher<T>(runBatch: (batch: QueuedAppend<T>[]) => Promise<void>, options: AppendBatcherOptions = {}) {
  const maxInFlight = options.maxInFlight ?? 4;
  const maxBatch = options.maxBatch ?? 100;
  const queue: QueuedAppend<T>[] = [];
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

  return (item: T): Promise<unknown> =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
