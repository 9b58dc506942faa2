/**
 * Work a command starts and does not wait for (an erasure's compaction, decisions/039): one job at a
 * time, in the order asked, so a job that holds the database (PGlite's single connection) never
 * races another. A failed job is logged; the next one still runs.
 */
export interface BackgroundJobs {
  run(name: string, job: () => Promise<void>): void;
  /** Resolves once every job asked for so far, and any they asked for, has ended (tests, shutdown). */
  idle(): Promise<void>;
}

export function createBackgroundJobs(log: (message: string, error?: unknown) => void): BackgroundJobs {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(name, job) {
      tail = tail.then(job).then(
        () => log(`background job ${name} done`),
        (error: unknown) => log(`background job ${name} failed`, error),
      );
    },
    async idle() {
      for (let seen = tail; ; seen = tail) {
        await seen;
        if (seen === tail) return;
      }
    },
  };
}
