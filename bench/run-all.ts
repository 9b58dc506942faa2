/**
 * `npm run bench [-- flags]`: runs the benchmarks in sequence and prints one table, also written
 * to bench/results/latest.md. Benchmarks print figures and never fail a build.
 *
 *   --only append,rebuild,visible   a subset (default: all)
 *   --events 1000000                rebuild size on Postgres
 *   --pglite-events 100000          rebuild size on PGlite (0 skips it)
 *   --writers 1,8,32                append concurrency
 *   --seconds 5                     append seconds per figure (store and limit each)
 *   --rate 200 --visible-seconds 20 command-to-visible load and duration
 */
import { parseArgs } from "node:util";
import { benchCommandToVisible } from "./command-to-visible.ts";
import { benchAppend } from "./event-store-append.ts";
import { machineLoad } from "./lib/machine.ts";
import { markdownTable, textTable, writeResults, type Figure } from "./lib/report.ts";
import { benchRebuild } from "./rebuild.ts";

const { values } = parseArgs({
  options: {
    only: { type: "string", default: "append,rebuild,visible" },
    events: { type: "string", default: "1000000" },
    "pglite-events": { type: "string", default: "100000" },
    writers: { type: "string", default: "1,8,32" },
    seconds: { type: "string", default: "5" },
    rate: { type: "string", default: "200" },
    "visible-seconds": { type: "string", default: "20" },
  },
});

const only = new Set(values.only.split(",").map((s) => s.trim()));
const num = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`);
  return n;
};

const benches: [string, () => Promise<Figure[]>][] = [
  ["append", () => benchAppend({ writers: values.writers.split(",").map(Number), durationMs: num("seconds") * 1000 })],
  [
    "rebuild",
    async () => [
      ...(await benchRebuild({ backend: "postgres", events: num("events"), target: 50_000 })),
      ...(num("pglite-events") > 0 ? await benchRebuild({ backend: "pglite", events: num("pglite-events"), target: 15_000 }) : []),
    ],
  ],
  ["visible", () => benchCommandToVisible({ rate: num("rate"), durationMs: num("visible-seconds") * 1000 })],
];

const unknown = [...only].filter((name) => !benches.some(([n]) => n === name));
if (unknown.length > 0) throw new Error(`Unknown benchmark ${unknown.join(", ")}; known: ${benches.map(([n]) => n).join(", ")}`);

const startLoad = machineLoad();
const started = new Date();
const figures: Figure[] = [];
for (const [name, run] of benches) {
  if (!only.has(name)) continue;
  try {
    figures.push(...(await run()));
  } catch (error) {
    console.error(`${name} failed:`, error);
    figures.push({ figure: name, measured: `failed: ${error instanceof Error ? error.message : String(error)}`, target: "-", limit: "-", verdict: "MISS" });
  }
  console.log();
}

const endLoad = machineLoad();
console.log(textTable(figures));
console.log(`\nmachine: ${startLoad} at start, ${endLoad} at end`);
const file = writeResults(
  [
    `# Benchmarks, ${started.toISOString()}`,
    "",
    `Machine: ${startLoad} at start, ${endLoad} at end. Other work shares these cores: compare ratios and CPU-bound estimates rather than absolute times.`,
    "",
    markdownTable(figures),
    "",
  ].join("\n"),
);
console.log(`written to ${file}`);
