/**
 * Issue 31: GET /api/leads/board with 10,000 leads that carry deal values, three times (each on a
 * freshly seeded and rebuilt Postgres log), the API's p95 of each run, then the median, min and max.
 * Run the same file on the tree before the change to compare (the seed writes values only where the
 * log knows LeadDealChanged): `npx tsx bench/board-deals.ts [runs] [seconds] [leads] [events]`.
 */
import { benchReadApi, type ReadCost } from "./read-api.ts";
import { benchRebuild } from "./rebuild.ts";
import { fmt, median } from "./lib/stats.ts";

const [runs = 3, seconds = 5, leads = 10_000, events = 100_000] = process.argv.slice(2).map(Number);
const p95s: number[] = [];
const plain: number[] = [];
const costs: ReadCost[] = [];
for (let run = 1; run <= runs; run++) {
  await benchRebuild({
    backend: "postgres",
    events,
    leads,
    target: 50_000,
    log: () => undefined,
    after: (test, label) =>
      benchReadApi({
        db: test.db,
        databaseUrl: test.url!,
        connections: 4,
        durationMs: seconds * 1000,
        label,
        only: (name) => name === "board (GET /api/leads/board)",
        onMeasured: (_name, api, limit, cost) => {
          p95s.push(api);
          plain.push(limit);
          costs.push(cost);
        },
      }),
  });
  console.log(`run ${run}: board p95 ${fmt(p95s.at(-1)!, 1)} ms (plain query p95 ${fmt(plain.at(-1)!, 1)} ms)`);
}
const line = (xs: number[]) => `median ${fmt(median(xs), 1)} ms, min ${fmt(Math.min(...xs), 1)} ms, max ${fmt(Math.max(...xs), 1)} ms`;
console.log(`board p95 over ${runs} runs: ${line(p95s)}; plain query p95: ${line(plain)}`);
const per = (key: keyof ReadCost, unit: string, digits = 2) => {
  const xs = costs.map((c) => c[key]);
  return `${key} median ${fmt(median(xs), digits)} ${unit} (min ${fmt(Math.min(...xs), digits)}, max ${fmt(Math.max(...xs), digits)})`;
};
console.log(
  `per read: ${per("appMs", "ms")}, ${per("clientMs", "ms")}, ${per("postgresMs", "ms")}, ${per("wireKb", "KB", 1)}, ${per("jsonKb", "KB", 1)}`,
);
