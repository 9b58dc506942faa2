/**
 * Event store append throughput and latency on Postgres, beside the limit: plain single-row
 * INSERT commits into a table of the same shape, same database, same concurrency, same run.
 */
import { randomUUID } from "node:crypto";
import { encodeEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import type { Database } from "@crm/infra/db/database";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { closedLoop, type ClosedLoopResult } from "./lib/closed-loop.ts";
import { benchMetadata, leadCreated } from "./lib/lead-data.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt, summarize } from "./lib/stats.ts";

export interface AppendBenchOptions {
  writers: readonly number[];
  durationMs: number;
  log?: (line: string) => void;
}

interface Measured {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  /** Client plus Postgres CPU time per operation, in microseconds: what load elsewhere disturbs least. */
  cpuUs: number;
}

interface Slice {
  result: ClosedLoopResult;
  cpuSeconds: number;
}

function measured(slices: readonly Slice[]): Measured {
  const results = slices.map((s) => s.result);
  const failed = results.find((r) => r.errors > 0);
  if (failed) console.error("  first error:", failed.firstError);
  const s = summarize(results.flatMap((r) => r.latenciesMs));
  const operations = results.reduce((sum, r) => sum + r.operations, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const cpu = slices.reduce((sum, x) => sum + x.cpuSeconds, 0);
  return { rate: operations / seconds, p50: s.p50, p99: s.p99, errors: results.reduce((sum, r) => sum + r.errors, 0), cpuUs: (cpu / operations) * 1e6 };
}

const SLICE_MS = 1_000;

/** One slice of closed-loop load, with the CPU time it cost this process and the Postgres backends. */
async function slice(db: Database, n: number, op: () => Promise<unknown>): Promise<Slice> {
  const client0 = cpuSeconds();
  const server = await serverCpuMeter(db);
  const result = await closedLoop(n, SLICE_MS, op, 200);
  return { result, cpuSeconds: cpuSeconds() - client0 + (await server()) };
}

/**
 * Alternates short slices of the limit and of the store, so that load from other processes on
 * this shared machine falls on both about equally and the ratio stays meaningful.
 */
async function interleaved(db: Database, n: number, durationMs: number, limitOp: () => Promise<unknown>, storeOp: () => Promise<unknown>) {
  const limit: Slice[] = [];
  const store: Slice[] = [];
  for (let done = 0; done < durationMs; done += SLICE_MS) {
    limit.push(await slice(db, n, limitOp));
    store.push(await slice(db, n, storeOp));
  }
  return { limit: measured(limit), store: measured(store) };
}

const LIMIT_DDL = `CREATE TABLE limit_events (LIKE events INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING CONSTRAINTS)`;

/** One autocommitted single-row INSERT per call: what a commit costs on this database. */
function limitInsert(db: Database) {
  return () => {
    const { data, schemaVersion } = encodeEvent(leadCreated());
    return db.query(
      `INSERT INTO limit_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
       VALUES ($1, 1, $2, 'LeadCreated', $3, $4, $5)`,
      [leadStreamId(randomUUID()), randomUUID(), schemaVersion, JSON.stringify(data), JSON.stringify(benchMetadata())],
    );
  };
}

/** What a create-lead command appends: a new stream with one event, a fresh command id. */
function storeAppend(db: Database) {
  const store = createPostgresEventStore(db);
  return () => {
    const event = leadCreated();
    const metadata = benchMetadata();
    return store.append(leadStreamId(event.data.leadId), 0, [event], { commandId: metadata.commandId, metadata });
  };
}

const line = (label: string, m: Measured) =>
  `  ${label.padEnd(22)} ${fmt(m.rate).padStart(7)} ev/s  p50 ${fmt(m.p50, 2)} ms  p99 ${fmt(m.p99, 2)} ms  CPU ${fmt(m.cpuUs)} µs/op${m.errors ? `  errors ${m.errors}` : ""}`;

/** Runs the limit and the store at each concurrency, alternating, and returns the table lines. */
export async function benchAppend({ writers, durationMs, log = console.log }: AppendBenchOptions): Promise<Figure[]> {
  const test = await createTestDatabase("postgres");
  const db = createPostgresDatabase(test.url!, { max: Math.max(...writers) + 4 });
  const figures: Figure[] = [];
  try {
    await migrate(db, ALL_MIGRATIONS);
    await db.exec(LIMIT_DDL);
    log(`event store append (1 event per append), ${durationMs / 1000} s each, in 1 s slices alternating with the limit, ${machineLoad()}`);
    for (const n of writers) {
      const { limit, store } = await interleaved(db, n, durationMs, limitInsert(db), storeAppend(db));
      log(line(`limit, ${n} writers`, limit));
      log(line(`store, ${n} writers`, store));
      log(`  (${machineLoad()})`);
      const ratio = store.rate / limit.rate;
      figures.push({
        figure: `append 1 event, ${n} writer${n > 1 ? "s" : ""} (Postgres)`,
        measured: `${fmt(store.rate)} ev/s, p50 ${fmt(store.p50, 1)} ms, p99 ${fmt(store.p99, 1)} ms`,
        target: n === 32 ? ">= 5,000 ev/s and >= 80% of limit" : ">= 80% of limit",
        limit: `${fmt(limit.rate)} commits/s (p99 ${fmt(limit.p99, 1)} ms): ${fmt(ratio * 100)}%; CPU/op ${fmt(limit.cpuUs)} vs ${fmt(store.cpuUs)} µs`,
        verdict: verdict(ratio >= 0.8 && (n !== 32 || store.rate >= 5_000) && store.errors === 0),
      });
    }
  } finally {
    await db.close();
    await test.drop();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  console.log(textTable(await benchAppend({ writers: [1, 8, 32], durationMs: 5_000 })));
}
