/**
 * The reports (issue 35; docs/product.md, "Reports") on a long log: 10,000 leads and about a million
 * events spread over two years (bench/lib/seed-mixed.ts with a spread and outcomes), on Postgres.
 *
 * 1. Rebuild throughput of the reports read model alone, and of every read model with and without
 *    it, on the same log in the same sitting: the reports must rebuild at >= 50,000 ev/s, and adding
 *    them may slow the rebuild of everything by no more than their own share (the time they take alone).
 * 2. Each report over HTTP (the app in its own process, a Partner's bearer token), one request at a
 *    time over the page's presets (this week, month and quarter), with and without filters, and the
 *    board on a past day (random days of the two years, with "changes since" 30 days before): p95 <=
 *    100 ms per report, <= 300 ms for the board. A year-long custom period is measured for information.
 *
 * Every figure is the median of the rounds with min and max beside it. Usage:
 *   npx tsx bench/reports.ts [events=1000000] [leads=10000] [rounds=3] [requests per round=60]
 */
import { LEAD_PRIORITIES } from "@crm/contracts/lead/stages";
import { presetPeriod, type DayPeriod } from "@crm/contracts/reports/period";
import { addDays, todayIn } from "@crm/contracts/time/date-time";
import type { Database } from "@crm/infra/db/database";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import type { Projection } from "@crm/projector/projection";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { startAppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { cpuTimes, machineLoad, stealPercentSince } from "./lib/machine.ts";
import { markdownTable, textTable, verdict, writeResults, type Figure } from "./lib/report.ts";
import { seedMixedEvents } from "./lib/seed-mixed.ts";
import { fmt, median, msSince, range, summarize } from "./lib/stats.ts";

const EVENTS = Number(process.argv[2] ?? 1_000_000);
const LEADS = Number(process.argv[3] ?? 10_000);
const ROUNDS = Number(process.argv[4] ?? 3);
const REQUESTS = Number(process.argv[5] ?? 60);
const SPREAD_DAYS = 730;
const PORT = 5171;
const REBUILD_TARGET = 50_000;
const REPORT_P95_MS = 100;
const PAST_BOARD_P95_MS = 300;

const printed: string[] = [];
const log = (line: string) => {
  printed.push(line);
  console.log(line);
};

async function rebuildSeconds(db: Database, projections: readonly Projection[]): Promise<number> {
  const started = process.hrtime.bigint();
  await rebuildProjections({ db, store: createPostgresEventStore(db), projections });
  return msSince(started) / 1000;
}

const today = todayIn("UTC");
/** The Reports page's presets, as the page asks for them (the agency's zone is UTC here, its week starts on Monday). */
const PRESETS = (["week", "month", "quarter"] as const).map((preset) => presetPeriod(preset, today, "Monday"));
/** A custom period of a whole year: the largest a user is likely to pick, measured on its own. */
const YEAR = [{ from: addDays(today, -364), to: today }];
/** Some requests carry a filter, as the page's users would. */
const FILTERS = ["", "&priority=high", "&source=Website", `&priority=${LEAD_PRIORITIES[2]}`];

interface Measured {
  name: string;
  path: (i: number) => string;
  limitMs: number;
  /** Measured for information, against no target (the year-long custom period). */
  info?: boolean;
}

const periodReport = (name: string, periods: readonly DayPeriod[], label: string, info = false): Measured => ({
  name: `${name} (${label})`,
  path: (i: number) => {
    const p = periods[i % periods.length]!;
    return `/api/reports/${name}?from=${p.from}&to=${p.to}${FILTERS[i % FILTERS.length]}`;
  },
  limitMs: REPORT_P95_MS,
  info,
});

const PERIOD_REPORTS = ["funnel", "time-in-stage", "velocity", "win-rate", "activity"];

const REPORTS: Measured[] = [
  ...PERIOD_REPORTS.map((name) => periodReport(name, PRESETS, "this week, month and quarter")),
  { name: "forecast", path: (i) => `/api/reports/forecast?${FILTERS[i % FILTERS.length]!.slice(1)}`, limitMs: REPORT_P95_MS },
  { name: "stale leads", path: (i) => `/api/leads/stale?${FILTERS[i % FILTERS.length]!.slice(1)}`, limitMs: REPORT_P95_MS },
  {
    name: "board on a past day (changes since 30 days before)",
    path: (i) => {
      // Days spread over the log's two years, the same ones in every round.
      const day = addDays(today, -((i * 37) % (SPREAD_DAYS - 30)) - 1);
      return `/api/leads/board/past?day=${day}&since=${addDays(day, -30)}`;
    },
    limitMs: PAST_BOARD_P95_MS,
  },
  ...PERIOD_REPORTS.map((name) => periodReport(name, YEAR, "a year, custom", true)),
];

async function timedGets(url: string, token: string, path: (i: number) => string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${url}${path(i)}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path(i)} answered ${res.status}: ${body.slice(0, 300)}`);
    samples.push(msSince(started));
  }
  return samples;
}

const test = await createTestDatabase("postgres");
const { db } = test;
const figures: Figure[] = [];
const startTimes = cpuTimes();
const startLoad = machineLoad();
const started = new Date();
try {
  await migrate(db, ALL_MIGRATIONS);
  const seedStart = process.hrtime.bigint();
  const seeded = await seedMixedEvents(db, { events: EVENTS, leads: LEADS, spreadDays: SPREAD_DAYS, outcomes: true });
  log(`seeded ${fmt(seeded.events)} events of ${fmt(seeded.leads)} leads over ${SPREAD_DAYS} days in ${fmt(msSince(seedStart) / 1000, 1)} s, ${machineLoad()}`);

  const reports = ALL_PROJECTIONS.filter((p) => p.name === "reports");
  const others = ALL_PROJECTIONS.filter((p) => p.name !== "reports");
  const alone: number[] = [];
  const without: number[] = [];
  const withReports: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    alone.push(await rebuildSeconds(db, reports));
    without.push(await rebuildSeconds(db, others));
    withReports.push(await rebuildSeconds(db, ALL_PROJECTIONS));
    log(
      `round ${round}: reports alone ${fmt(alone.at(-1)!, 1)} s, every other read model ${fmt(without.at(-1)!, 1)} s, all with reports ${fmt(withReports.at(-1)!, 1)} s, ${machineLoad()}`,
    );
  }
  const rates = (seconds: number[]) => seconds.map((s) => seeded.events / s);
  figures.push({
    figure: `rebuild of the reports read model (Postgres, ${fmt(seeded.events / 1e6, 2)}M events)`,
    measured: `${range(rates(alone))} ev/s`,
    target: `>= ${fmt(REBUILD_TARGET)} ev/s`,
    limit: "-",
    verdict: verdict(median(rates(alone)) >= REBUILD_TARGET),
  });
  const added = withReports.map((s, i) => s - without[i]!);
  figures.push({
    figure: "rebuild of every read model: time the reports add",
    measured: `${range(added, 1)} s (all ${range(withReports, 1)} s against ${range(without, 1)} s without)`,
    target: "<= the reports' own share",
    limit: `reports alone ${range(alone, 1)} s`,
    verdict: verdict(median(added) <= median(alone)),
  });

  const app = await startAppProcess({ port: PORT, databaseUrl: test.url!, startTimeoutMs: 600_000 });
  try {
    const token = await partnerToken(db, test.url!);
    for (const report of REPORTS) {
      const p95s: number[] = [];
      const p50s: number[] = [];
      await timedGets(app.url, token, report.path); // the first requests plan the statements and warm the caches
      for (let round = 0; round < ROUNDS; round++) {
        const summary = summarize(await timedGets(app.url, token, report.path));
        p95s.push(summary.p95);
        p50s.push(summary.p50);
      }
      log(`${report.name}: p95 ${range(p95s, 1)} ms, p50 ${range(p50s, 1)} ms`);
      figures.push({
        figure: `${report.name}, ${fmt(LEADS)} leads (p95 of ${REQUESTS} requests)`,
        measured: `${range(p95s, 1)} ms (p50 ${fmt(median(p50s), 1)} ms)`,
        target: report.info ? "-" : `p95 <= ${report.limitMs} ms`,
        limit: "-",
        verdict: report.info ? "info" : verdict(median(p95s) <= report.limitMs),
      });
    }
  } finally {
    await app.stop();
  }
} finally {
  await test.drop();
}

const steal = `host steal ${fmt(stealPercentSince(startTimes), 1)}% of the machine's CPU time`;
console.log(textTable(figures));
const file = writeResults(
  [
    `# Reports (issue 35), ${started.toISOString()}`,
    "",
    `Machine: ${startLoad} at start, ${machineLoad()} at end; ${steal}. ${ROUNDS} rounds; each figure is the median with min and max.`,
    "",
    `Scale: ${fmt(EVENTS)} events, ${fmt(LEADS)} leads over ${SPREAD_DAYS} days; ${REQUESTS} requests per report and round.`,
    "",
    markdownTable(figures),
    "",
    "```text",
    ...printed,
    "```",
    "",
  ].join("\n"),
  started,
  ["issue-35-reports"],
);
console.log(`written to ${file}`);
process.exit(0);
