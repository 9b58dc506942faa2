/**
 * Event store append throughput and latency on Postgres (1 and 10 events per append), beside the
 * limit (plain INSERT commits into a table of the same shape) and the peer (Emmett's PostgreSQL
 * event store), same database, same events, same concurrency, same run.
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
import { emmettPeer, type EmmettPeer } from "./lib/emmett-peer.ts";
import { benchMetadata, leadBatch } from "./lib/lead-data.ts";
import { LIMIT_EVENTS_DDL } from "./lib/limit-events.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt, summarize } from "./lib/stats.ts";

export interface AppendBenchOptions {
  writers: readonly number[];
  /** Events per append (default 1 and 10). */
  sizes?: readonly number[];
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
  return {
    rate: operations / seconds,
    p50: s.p50,
    p99: s.p99,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    cpuUs: (cpu / operations) * 1e6,
  };
}

const SLICE_MS = 1_000;

/** One slice of closed-loop load, with the CPU time it cost this process and the Postgres backends. */
async function slice(db: Database, n: number, op: () => Promise<unknown>): Promise<Slice> {
  const client0 = cpuSeconds();
  const server = await serverCpuMeter(db);
  const result = await closedLoop(n, SLICE_MS, op, 200);
  return { result, cpuSeconds: cpuSeconds() - client0 + (await server()) };
}

type Op = () => Promise<unknown>;

/**
 * Alternates short slices of the limit, the store and the peer, so that load from other processes
 * on this shared machine falls on all three about equally and the ratios stay meaningful.
 */
async function interleaved(db: Database, n: number, durationMs: number, ops: { limit: Op; store: Op; peer: Op }) {
  const slices = { limit: [] as Slice[], store: [] as Slice[], peer: [] as Slice[] };
  for (let done = 0; done < durationMs; done += SLICE_MS) {
    for (const key of ["limit", "store", "peer"] as const) slices[key].push(await slice(db, n, ops[key]));
  }
  return { limit: measured(slices.limit), store: measured(slices.store), peer: measured(slices.peer) };
}

/** One autocommitted INSERT of `size` rows per call: what a commit of that many rows costs here. */
function limitInsert(db: Database, size: number): Op {
  const values = Array.from(
    { length: size },
    (_, i) => `($1, ${i + 1}, $${i * 2 + 3}, 'LeadCreated', $2, $${i * 2 + 4}, $${size * 2 + 3})`,
  ).join(", ");
  const sql = `INSERT INTO limit_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata) VALUES ${values}`;
  return () => {
    const events = leadBatch(size);
    const params: unknown[] = [leadStreamId(randomUUID()), 1];
    for (const event of events) params.push(randomUUID(), JSON.stringify(encodeEvent(event).data));
    params.push(JSON.stringify(benchMetadata()));
    return db.query(sql, params);
  };
}

/** What a create-lead command appends: a new stream with `size` events, a fresh command id. */
export function storeAppend(db: Database, size: number): Op {
  const store = createPostgresEventStore(db);
  return () => {
    const events = leadBatch(size);
    const metadata = benchMetadata();
    return store.append(leadStreamId(randomUUID()), 0, events, { commandId: metadata.commandId, metadata });
  };
}

/** The same events through Emmett (validated by our schemas first, as our store does). */
function peerAppend(peer: EmmettPeer, size: number): Op {
  return () => {
    const events = leadBatch(size);
    for (const event of events) encodeEvent(event);
    return peer.append(leadStreamId(randomUUID()), events);
  };
}

const line = (label: string, m: Measured, size: number) =>
  `  ${label.padEnd(24)} ${fmt(m.rate * size).padStart(7)} ev/s  p50 ${fmt(m.p50, 2)} ms  p99 ${fmt(m.p99, 2)} ms  CPU ${fmt(m.cpuUs / size)} µs/event${m.errors ? `  errors ${m.errors}` : ""}`;

function figureOf(size: number, n: number, { limit, store, peer }: Record<"limit" | "store" | "peer", Measured>): Figure {
  const ratio = store.rate / limit.rate;
  const ev = (m: Measured) => fmt(m.rate * size);
  return {
    figure: `append ${size} event${size > 1 ? "s" : ""}, ${n} writer${n > 1 ? "s" : ""} (Postgres)`,
    measured: `${ev(store)} ev/s, p50 ${fmt(store.p50, 1)} ms, p99 ${fmt(store.p99, 1)} ms, CPU ${fmt(store.cpuUs / size)} µs/ev`,
    target: ">= 80% of limit, ahead of Emmett",
    limit: `limit ${ev(limit)} ev/s (${fmt(ratio * 100)}%, CPU ${fmt(limit.cpuUs / size)} µs/ev); Emmett ${ev(peer)} ev/s p99 ${fmt(peer.p99, 1)} ms (x${fmt(store.rate / peer.rate, 2)}, CPU ${fmt(peer.cpuUs / size)} µs/ev)`,
    verdict: verdict(ratio >= 0.8 && store.rate > peer.rate && store.errors === 0),
  };
}

/** Runs the limit, the store and Emmett at each batch size and concurrency, alternating. */
export async function benchAppend({ writers, sizes = [1, 10], durationMs, log = console.log }: AppendBenchOptions): Promise<Figure[]> {
  const test = await createTestDatabase("postgres");
  const max = Math.max(...writers) + 4;
  const db = createPostgresDatabase(test.url!, { max });
  const figures: Figure[] = [];
  let peer: EmmettPeer | undefined;
  try {
    await migrate(db, ALL_MIGRATIONS);
    await db.exec(LIMIT_EVENTS_DDL);
    peer = await emmettPeer(test.url!, max);
    log(`event store append, ${durationMs / 1000} s each, in 1 s slices alternating limit / store / Emmett, ${machineLoad()}`);
    for (const size of sizes) {
      for (const n of writers) {
        const m = await interleaved(db, n, durationMs, {
          limit: limitInsert(db, size),
          store: storeAppend(db, size),
          peer: peerAppend(peer, size),
        });
        log(line(`limit, ${size} ev, ${n} writers`, m.limit, size));
        log(line(`store, ${size} ev, ${n} writers`, m.store, size));
        log(line(`Emmett, ${size} ev, ${n} writers`, m.peer, size));
        log(`  (${machineLoad()})`);
        figures.push(figureOf(size, n, m));
      }
    }
  } finally {
    await peer?.close();
    await db.close();
    await test.drop();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  console.log(
    textTable(
      await benchAppend({ writers: (process.argv[2] ?? "1,8,32").split(",").map(Number), durationMs: Number(process.argv[3] ?? 5) * 1000 }),
    ),
  );
}
