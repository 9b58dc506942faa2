/**
 * How cost grows: the read API and appends measured on 1k, 10k and 100k leads (a log of about six
 * events per lead, every read model rebuilt), so that a super-linear step shows. Each size gets
 * a database of its own: seeded, rebuilt, measured, dropped.
 */
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { storeAppend } from "./event-store-append.ts";
import { closedLoop } from "./lib/closed-loop.ts";
import { machineLoad } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { seedMixedEvents } from "./lib/seed-mixed.ts";
import { fmt, summarize } from "./lib/stats.ts";
import { benchReadApi } from "./read-api.ts";

export interface GrowthBenchOptions {
  /** Lead counts, smallest first. */
  sizes: readonly number[];
  eventsPerLead?: number;
  /** Seconds per read endpoint (API and plain query each) and for the appends, at each size. */
  seconds: number;
  log?: (line: string) => void;
}

const APPEND_WRITERS = 32;

/** One size's figures: p95 per read endpoint, the appends' rate and p99. */
interface AtSize {
  leads: number;
  reads: Map<string, number>;
  appendRate: number;
  appendP99: number;
}

async function measureAt(leads: number, eventsPerLead: number, seconds: number, log: (line: string) => void): Promise<AtSize> {
  const test = await createTestDatabase("postgres");
  const reads = new Map<string, number>();
  try {
    await migrate(test.db, ALL_MIGRATIONS);
    const { events } = await seedMixedEvents(test.db, { events: leads * eventsPerLead, leads });
    await rebuildProjections({ db: test.db, store: createPostgresEventStore(test.db), projections: ALL_PROJECTIONS });
    const label = `${fmt(leads)} leads, ${fmt(events)} events`;
    await benchReadApi({
      db: test.db,
      databaseUrl: test.url!,
      connections: 4,
      durationMs: seconds * 1000,
      label,
      log,
      onMeasured: (endpoint, apiP95) => reads.set(endpoint, apiP95),
    });
    const db = createPostgresDatabase(test.url!, { max: APPEND_WRITERS + 2 });
    try {
      const result = await closedLoop(APPEND_WRITERS, seconds * 1000, storeAppend(db, 1));
      const appendRate = result.operations / result.seconds;
      const appendP99 = summarize(result.latenciesMs).p99;
      log(
        `  append, 1 event, ${APPEND_WRITERS} writers (${label}): ${fmt(appendRate)} ev/s, p99 ${fmt(appendP99, 1)} ms, ${machineLoad()}`,
      );
      return { leads, reads, appendRate, appendP99 };
    } finally {
      await db.close();
    }
  } finally {
    await test.drop();
  }
}

/**
 * Super-linear when a step's cost (higher is worse) grew more than the data did. Costs below
 * `floor` count as the floor, so noise on sub-millisecond reads does not count as growth.
 */
function growthFigure(figure: string, sizes: readonly number[], shown: readonly string[], costs: readonly number[], floor = 0): Figure {
  const steps = costs.slice(1).map((c, i) => Math.max(c, floor) / Math.max(costs[i]!, floor));
  const grew = sizes.slice(1).map((s, i) => s / sizes[i]!);
  return {
    figure,
    measured: shown.join(" / "),
    target: `each step's cost at most the data's x${grew.map((g) => fmt(g)).join(", x")}`,
    limit: `cost steps x${steps.map((s) => fmt(s, 1)).join(", x")}`,
    verdict: verdict(steps.every((s, i) => s <= grew[i]!)),
  };
}

/** Measures every size, then one line per figure with its values side by side. */
export async function benchGrowth({ sizes, eventsPerLead = 6, seconds, log = console.log }: GrowthBenchOptions): Promise<Figure[]> {
  const at: AtSize[] = [];
  for (const leads of sizes) at.push(await measureAt(leads, eventsPerLead, seconds, log));
  const names = sizes.map((s) => fmt(s)).join(" / ");
  const endpoints = [...at[0]!.reads.keys()];
  const ms = (v: number) => `${fmt(v, v < 100 ? 1 : 0)} ms`;
  return [
    ...endpoints.map((endpoint) => {
      const p95s = at.map((a) => a.reads.get(endpoint)!);
      return growthFigure(`growth: read ${endpoint} p95 at ${names} leads`, sizes, p95s.map(ms), p95s, 1);
    }),
    growthFigure(
      `growth: append (1 event, ${APPEND_WRITERS} writers) at ${names} leads`,
      sizes,
      at.map((a) => `${fmt(a.appendRate)} ev/s, p99 ${ms(a.appendP99)}`),
      at.map((a) => 1 / a.appendRate), // the cost of an event is the time it takes
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  const sizes = (process.argv[2] ?? "1000,10000,100000").split(",").map(Number);
  console.log(textTable(await benchGrowth({ sizes, seconds: Number(process.argv[3] ?? 2) })));
}
