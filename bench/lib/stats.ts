/** Latency summary of samples in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of already sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** The median of samples in any order. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return percentile(sorted, 50);
}

/** p50/p95/p99/max of latency samples (ms). */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Milliseconds since an earlier process.hrtime.bigint() reading. */
export const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** A number with thousands separators and at most `digits` decimals. */
export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a";

/** The median of rounds with their min and max beside it: "12 (min 10, max 15)". */
export const range = (values: readonly number[], digits = 0) =>
  `${fmt(median(values), digits)} (min ${fmt(Math.min(...values), digits)}, max ${fmt(Math.max(...values), digits)})`;
