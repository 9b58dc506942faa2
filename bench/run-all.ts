/**
 * `npm run bench [-- flags]`: runs the benchmarks in sequence and prints one table (each figure
 * beside its target, its peer or the limit measured in the same run), also written to
 * bench/results/<date>.md. Benchmarks print figures and never fail a build.
 *
 *   --only append,http,rebuild,read,visible,ui,memory,growth   a subset (default: all)
 *   --events 1000000 --leads 10000   the Postgres log: rebuild size, and the read API's data set
 *   --pglite-events 100000           rebuild size on PGlite (0 skips it)
 *   --writers 1,8,32 --sizes 1,10    append concurrency and events per append
 *   --seconds 5                      append seconds per figure (limit, store and Emmett each)
 *   --connections 32 --http-seconds 10   HTTP command path (autocannon)
 *   --read-connections 4 --read-seconds 5  read API (API and plain query each)
 *   --rate 200 --visible-seconds 20  command to visible with every command read back (issue 2, at 200/s), and duration
 *   --background-rate 500 --probe-rate 50   command to visible: probes read back under background commands (issue 10);
 *                                    each with the app in one process, then as its three service processes
 *   --ui-runs 5                      Chromium board runs
 *   --memory-events 1000000          log the app builds on start on the embedded store
 *   --growth-leads 1000,10000,100000 --growth-seconds 2   read API and appends at each size
 *   --growth-stream-events 5,50,500  change stage on lead streams of these lengths
 */
import { parseArgs } from "node:util";
import { benchCommandHttp } from "./command-http.ts";
import { benchCommandToVisible } from "./command-to-visible.ts";
import { benchGrowth } from "./growth.ts";
import { benchAppend } from "./event-store-append.ts";
import { cpuTimes, machineLoad, stealPercentSince } from "./lib/machine.ts";
import { fmt } from "./lib/stats.ts";
import { markdownTable, textTable, writeResults, type Figure } from "./lib/report.ts";
import { benchMemory } from "./memory.ts";
import { benchReadApi } from "./read-api.ts";
import { benchRebuild } from "./rebuild.ts";
import { benchStreamLength } from "./stream-length.ts";
import { benchUi } from "./ui.ts";

const ALL = "append,http,rebuild,read,visible,ui,memory,growth";
const { values } = parseArgs({
  options: {
    only: { type: "string", default: ALL },
    events: { type: "string", default: "1000000" },
    leads: { type: "string", default: "10000" },
    "pglite-events": { type: "string", default: "100000" },
    writers: { type: "string", default: "1,8,32" },
    sizes: { type: "string", default: "1,10" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    "http-seconds": { type: "string", default: "10" },
    "read-connections": { type: "string", default: "4" },
    "read-seconds": { type: "string", default: "5" },
    rate: { type: "string", default: "200" },
    "background-rate": { type: "string", default: "500" },
    "probe-rate": { type: "string", default: "50" },
    "visible-seconds": { type: "string", default: "20" },
    "ui-runs": { type: "string", default: "5" },
    "memory-events": { type: "string", default: "1000000" },
    "growth-leads": { type: "string", default: "1000,10000,100000" },
    "growth-seconds": { type: "string", default: "2" },
    "growth-stream-events": { type: "string", default: "5,50,500" },
  },
});

const only = new Set(values.only.split(",").map((s) => s.trim()));

/** Every line the benchmarks print, kept for the results file (their CPU splits explain the figures). */
const printed: string[] = [];
const log = (line: string) => {
  console.log(line);
  printed.push(line);
};
const num = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`);
  return n;
};
const list = (name: "writers" | "sizes" | "growth-leads" | "growth-stream-events" | "rate" | "background-rate") =>
  values[name].split(",").map(Number);

/** Postgres rebuild, then the read API on the same rebuilt database; either can be left out. */
async function rebuildAndRead(): Promise<Figure[]> {
  const read = only.has("read");
  const figures = await benchRebuild({
    backend: "postgres",
    events: num("events"),
    leads: num("leads"),
    target: 50_000,
    log,
    ...(read
      ? {
          after: (test, label) =>
            benchReadApi({
              db: test.db,
              databaseUrl: test.url!,
              connections: num("read-connections"),
              durationMs: num("read-seconds") * 1000,
              label,
              log,
            }),
        }
      : {}),
  } satisfies Parameters<typeof benchRebuild>[0]);
  const kept = only.has("rebuild") ? figures : figures.filter((f) => !f.figure.startsWith("rebuild"));
  const pglite =
    only.has("rebuild") && num("pglite-events") > 0
      ? await benchRebuild({ backend: "pglite", events: num("pglite-events"), target: 15_000, log })
      : [];
  return [...kept, ...pglite];
}

const benches: [string[], () => Promise<Figure[]>][] = [
  [["append"], () => benchAppend({ writers: list("writers"), sizes: list("sizes"), durationMs: num("seconds") * 1000, log })],
  [["http"], () => benchCommandHttp({ connections: num("connections"), durationSeconds: num("http-seconds"), log })],
  [["rebuild", "read"], rebuildAndRead],
  [
    ["visible"],
    async () => {
      const figures: Figure[] = [];
      const durationMs = num("visible-seconds") * 1000;
      for (const split of [false, true]) {
        for (const rate of list("rate")) figures.push(...(await benchCommandToVisible({ rate, split, durationMs, log })));
        for (const rate of list("background-rate"))
          figures.push(...(await benchCommandToVisible({ rate, probeRate: num("probe-rate"), split, durationMs, log })));
      }
      return figures;
    },
  ],
  [["memory"], () => benchMemory({ events: num("memory-events"), log })],
  [["ui"], () => benchUi({ runs: num("ui-runs") })],
  [
    ["growth"],
    async () => [
      ...(await benchGrowth({ sizes: list("growth-leads"), seconds: num("growth-seconds"), log })),
      ...(await benchStreamLength({ lengths: list("growth-stream-events"), seconds: num("growth-seconds"), log })),
    ],
  ],
];

const known = ALL.split(",");
const unknown = [...only].filter((name) => !known.includes(name));
if (unknown.length > 0) throw new Error(`Unknown benchmark ${unknown.join(", ")}; known: ${ALL}`);

const startLoad = machineLoad();
const startTimes = cpuTimes();
const started = new Date();
const figures: Figure[] = [];
for (const [names, run] of benches) {
  if (!names.some((n) => only.has(n))) continue;
  const times = cpuTimes();
  try {
    figures.push(...(await run()));
    log(`  ${names.join("/")}: host steal ${fmt(stealPercentSince(times), 1)}% of the machine's CPU time`);
  } catch (error) {
    console.error(`${names.join("/")} failed:`, error);
    figures.push({
      figure: names.join("/"),
      measured: `failed: ${error instanceof Error ? error.message : String(error)}`,
      target: "-",
      limit: "-",
      verdict: "MISS",
    });
  }
  console.log();
}

const endLoad = machineLoad();
const steal = `host steal ${fmt(stealPercentSince(startTimes), 1)}% of the machine's CPU time over the run`;
const scale = Object.entries(values)
  .map(([k, v]) => `--${k} ${v}`)
  .join(" ");
console.log(textTable(figures));
console.log(`\nmachine: ${startLoad} at start, ${endLoad} at end, ${steal}\nscale: ${scale}`);
const everything = known.every((name) => only.has(name));
const file = writeResults(
  [
    `# Benchmarks, ${started.toISOString()}`,
    "",
    `Machine: ${startLoad} at start, ${endLoad} at end; ${steal}. Other work shares these cores, and other guests the host's: compare ratios and CPU-bound estimates rather than absolute times, and distrust a run with much steal.`,
    "",
    `Scale: \`${scale}\``,
    "",
    markdownTable(figures),
    "",
    "## What each benchmark printed",
    "",
    "```text",
    ...printed,
    "```",
    "",
  ].join("\n"),
  started,
  everything ? undefined : [...only],
);
console.log(`written to ${file}`);
