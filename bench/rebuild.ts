/**
 * Projection rebuild throughput: a log of mixed events (leads, meetings, emails, questionnaires)
 * written straight by SQL, then rebuildProjections for the leads read model (board, lead page,
 * stats) and for every read model.
 */
import type { Database } from "@crm/infra/db/database";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createTestDatabase, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import type { Projection } from "@crm/projector/projection";
import { rebuildProjections } from "@crm/projector/rebuild";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { seedMixedEvents } from "./lib/seed-mixed.ts";
import { fmt, msSince } from "./lib/stats.ts";

export interface RebuildBenchOptions {
  backend: Backend;
  events: number;
  /** events/s the rebuild of every read model must reach on this backend. */
  target: number;
  /** Leads in the log (default: about 12 events per lead). */
  leads?: number;
  /** More benchmarks on the seeded and rebuilt database before it is dropped (e.g. the read API). */
  after?: (test: TestDatabase, label: string) => Promise<Figure[]>;
  log?: (line: string) => void;
}

/**
 * Wraps the store's readAll and each projection's apply to split the time between reading and
 * applying. The next batch is read while this one is applied, and the projections apply a batch
 * concurrently, so these times overlap: they add up to more than the wall-clock time.
 */
async function timedRebuild(db: Database, projections: readonly Projection[]) {
  const inner = createPostgresEventStore(db);
  const waits = new Map<string, number>();
  const timed =
    <A extends unknown[], R>(key: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const t = process.hrtime.bigint();
      try {
        return await fn(...args);
      } finally {
        waits.set(key, (waits.get(key) ?? 0) + msSince(t) / 1000);
      }
    };
  const store = { ...inner, readAll: timed("read", inner.readAll) };
  const started = process.hrtime.bigint();
  const cpu0 = cpuSeconds();
  const serverCpu = await serverCpuMeter(db);
  await rebuildProjections({ db, store, projections: projections.map((p) => ({ ...p, apply: timed(p.name, p.apply) })) });
  return { seconds: msSince(started) / 1000, clientCpu: cpuSeconds() - cpu0, serverCpu: await serverCpu(), waits };
}

const breakdown = (r: { clientCpu: number; serverCpu: number; waits: Map<string, number> }) =>
  `time in ${[...r.waits].map(([k, v]) => `${k} ${fmt(v, 1)} s`).join(", ")}; CPU client ${fmt(r.clientCpu, 1)} s + server ${fmt(r.serverCpu, 1)} s`;

/**
 * The rate the work would reach with the machine to itself: events over its CPU time spread on
 * two cores (client and server run in parallel); PGlite runs on one thread, so over its CPU time.
 */
const cpuBoundRate = (backend: Backend, events: number, r: { clientCpu: number; serverCpu: number }) =>
  events / (backend === "pglite" ? r.clientCpu : (r.clientCpu + r.serverCpu) / 2);

async function leadCount(db: Database): Promise<number> {
  const { rows } = await db.query<{ count: string }>("SELECT count(*) AS count FROM leads");
  return Number(rows[0]!.count);
}

/** Seeds the log, then times the leads rebuild and the rebuild of all read models. */
export async function benchRebuild({
  backend,
  events,
  target,
  leads: wantedLeads,
  after,
  log = console.log,
}: RebuildBenchOptions): Promise<Figure[]> {
  const test = await createTestDatabase(backend);
  const { db } = test;
  try {
    await migrate(db, ALL_MIGRATIONS);
    const seedStart = process.hrtime.bigint();
    const { events: count, leads: leadTotal } = await seedMixedEvents(db, { events, ...(wantedLeads ? { leads: wantedLeads } : {}) });
    log(
      `rebuild on ${backend}: seeded ${fmt(count)} mixed events (${fmt(leadTotal)} leads with meetings, emails, questionnaires) in ${fmt(msSince(seedStart) / 1000, 1)} s, ${machineLoad()}`,
    );

    const leadsProjection = ALL_PROJECTIONS.find((p) => p.name === "leads")!;
    const leads = await timedRebuild(db, [leadsProjection]);
    const leadsRate = count / leads.seconds;
    log(`  leads read model: ${fmt(leads.seconds, 1)} s, ${fmt(leadsRate)} ev/s, ${fmt(await leadCount(db))} leads (${breakdown(leads)})`);
    const all = await timedRebuild(db, ALL_PROJECTIONS);
    const allRate = count / all.seconds;
    const names = ALL_PROJECTIONS.map((p) => p.name).join(", ");
    log(`  all read models (${names}): ${fmt(all.seconds, 1)} s, ${fmt(allRate)} ev/s (${breakdown(all)}), ${machineLoad()}`);

    const label = `${backend === "pglite" ? "PGlite" : "Postgres"}, ${fmt(count / 1e6, 2)}M mixed events`;
    const targetText = `>= ${fmt(target)} ev/s`;
    const measured = (rate: number, r: typeof all) =>
      `${fmt(rate)} ev/s in ${fmt(r.seconds, 1)} s (CPU-bound estimate ${fmt(cpuBoundRate(backend, count, r))} ev/s)`;
    const figures: Figure[] = [
      {
        figure: `rebuild leads read model (${label})`,
        measured: measured(leadsRate, leads),
        target: targetText,
        limit: "-",
        verdict: verdict(leadsRate >= target),
      },
      {
        figure: `rebuild all read models (${label})`,
        measured: measured(allRate, all),
        target: targetText,
        limit: names,
        verdict: verdict(allRate >= target),
      },
    ];
    const dataSet = `${fmt(await leadCount(db))} leads, ${fmt(count / 1e6, 2)}M events`;
    return [...figures, ...(after ? await after(test, dataSet) : [])];
  } finally {
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  const events = Number(process.argv[2] ?? 100_000);
  const backend = (process.argv[3] ?? "postgres") as Backend;
  console.log(textTable(await benchRebuild({ backend, events, target: backend === "pglite" ? 15_000 : 50_000 })));
}
