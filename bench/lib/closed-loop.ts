import { msSince } from "./stats.ts";

export interface ClosedLoopResult {
  operations: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  /** Every operation run, the warm-up's included (for costs summed over the whole loop). */
  runs: number;
  firstError?: unknown;
}

/**
 * Runs `concurrency` workers that each call op back to back for durationMs (after a short
 * warm-up that is not counted) and records every operation's latency.
 */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  op: () => Promise<unknown>,
  warmupMs = 500,
): Promise<ClosedLoopResult> {
  const latenciesMs: number[] = [];
  let errors = 0;
  let runs = 0;
  let firstError: unknown;
  const warmEnd = Date.now() + warmupMs;
  const end = warmEnd + durationMs;
  let measuredStart = 0n;
  const worker = async () => {
    for (let now = Date.now(); now < end; now = Date.now()) {
      const started = process.hrtime.bigint();
      const counted = now >= warmEnd;
      runs++;
      try {
        await op();
        if (counted) latenciesMs.push(msSince(started));
      } catch (error) {
        if (counted) errors++;
        firstError ??= error;
      }
    }
  };
  const warm = new Promise<void>((resolve) =>
    setTimeout(() => {
      measuredStart = process.hrtime.bigint();
      resolve();
    }, warmupMs),
  );
  await Promise.all([warm, ...Array.from({ length: concurrency }, worker)]);
  const seconds = msSince(measuredStart) / 1000;
  return { operations: latenciesMs.length, errors, seconds, latenciesMs, runs, firstError };
}
