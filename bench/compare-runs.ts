/**
 * Compares benchmark runs before and after a change: each figure's median of the runs on each side,
 * with min and max, and whether the after median is more than 10% worse. It reads the results files
 * that run-all.ts writes (bench/results/*.md) and prints a Markdown table.
 *
 * Usage: npx tsx bench/compare-runs.ts --before a.md,b.md,c.md --after d.md,e.md,f.md [--worse 10]
 *
 * Each figure's table row says what it measured: a rate ("3,152 cmd/s", higher is better) or, for
 * the command-to-visible rows, latencies ("p50 5.8 ms ... p99 48.2 ms", lower is better).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { median } from "./lib/stats.ts";

interface Metric {
  name: string;
  value: number;
  higherIsBetter: boolean;
}

const { values } = parseArgs({ options: { before: { type: "string" }, after: { type: "string" }, worse: { type: "string", default: "10" } } });
if (!values.before || !values.after) throw new Error("Give --before and --after, each a comma-separated list of results files");

const number = (text: string) => Number(text.replace(/,/g, ""));

/** The metrics of one table row's "measured" cell. */
function metricsOf(measured: string): Metric[] {
  const rate = /^([\d,.]+) (ev|cmd)\/s/.exec(measured);
  if (rate) return [{ name: `${rate[2]}/s`, value: number(rate[1]!), higherIsBetter: true }];
  const p50 = /p50 ([\d.]+) ms/.exec(measured);
  const p99 = /p99 ([\d.]+) ms/.exec(measured);
  if (p50 && p99) {
    return [
      { name: "p50 ms", value: number(p50[1]!), higherIsBetter: false },
      { name: "p99 ms", value: number(p99[1]!), higherIsBetter: false },
    ];
  }
  return [];
}

/** Every figure's metrics in one results file, keyed "figure · metric". */
function readRun(file: string): Map<string, Metric> {
  const out = new Map<string, Metric>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || cells[1] === "figure" || /^-+$/.test(cells[1] ?? "")) continue;
    for (const metric of metricsOf(cells[2]!)) out.set(`${cells[1]} · ${metric.name}`, metric);
  }
  return out;
}

const side = (list: string) => list.split(",").map((file) => readRun(file.trim()));
const before = side(values.before);
const after = side(values.after);
const limit = Number(values.worse) / 100;

const format = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1));
const summary = (samples: number[]) => `${format(median(samples))} (${format(Math.min(...samples))}–${format(Math.max(...samples))})`;

console.log(`| figure | before: median (min–max), ${before.length} runs | after: median (min–max), ${after.length} runs | change | verdict |`);
console.log("|---|---|---|---|---|");
let worse = 0;
for (const [key, metric] of before[0] ?? new Map<string, Metric>()) {
  const was = before.map((run) => run.get(key)?.value).filter((v): v is number => v !== undefined);
  const now = after.map((run) => run.get(key)?.value).filter((v): v is number => v !== undefined);
  if (now.length === 0) continue;
  const change = median(now) / median(was) - 1;
  const better = metric.higherIsBetter ? change : -change;
  const verdict = better < -limit ? "worse" : better > limit ? "better" : "within 10%";
  if (verdict === "worse") worse++;
  console.log(`| ${key} | ${summary(was)} | ${summary(now)} | ${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)}% | ${verdict} |`);
}
console.log(`\n${worse} figure(s) more than ${values.worse}% worse.`);
