import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** One line of the results table. */
export interface Figure {
  figure: string;
  measured: string;
  target: string;
  /** The physical limit or a peer measured in the same run, with the ratio to it. */
  limit: string;
  verdict: "pass" | "MISS" | "info";
}

const HEADER = ["figure", "measured", "target", "limit/peer", "verdict"] as const;

const cells = (f: Figure) => [f.figure, f.measured, f.target, f.limit, f.verdict];

/** Pass when the measured value meets the target in the stated direction. */
export const verdict = (ok: boolean): Figure["verdict"] => (ok ? "pass" : "MISS");

/** The table as aligned plain text for the terminal. */
export function textTable(figures: readonly Figure[]): string {
  const rows = [HEADER as readonly string[], ...figures.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("-+-"), ...rows.slice(1).map(line)].join("\n");
}

/** The table as Markdown. */
export function markdownTable(figures: readonly Figure[]): string {
  const escape = (c: string) => c.replaceAll("|", "\\|");
  return [
    `| ${HEADER.join(" | ")} |`,
    `|${HEADER.map(() => "---").join("|")}|`,
    ...figures.map((f) => `| ${cells(f).map(escape).join(" | ")} |`),
  ].join("\n");
}

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../results");

/**
 * Writes bench/results/<date>.md for a run of every benchmark, <date>-<names>.md for a subset,
 * so a partial run never replaces a full one, and a later run of the same day <name>-2.md and so
 * on, so it never replaces an earlier one; returns its path. The results are committed.
 */
export function writeResults(markdown: string, date: Date, subset?: readonly string[]): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const day = date.toISOString().slice(0, 10);
  const base = path.join(RESULTS_DIR, subset ? `${day}-${subset.join("-")}` : day);
  let file = `${base}.md`;
  for (let n = 2; existsSync(file); n++) file = `${base}-${n}.md`;
  writeFileSync(file, markdown);
  return file;
}
