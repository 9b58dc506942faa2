/**
 * The ledger's figures (issue 39, docs/decisions/057-the-auditors-ledger.md), on the machine's Postgres:
 *
 * 1. Append throughput with the chain follower running against without it, in the same sitting:
 *    slices of closed-loop appends alternate off and on, and each round's ratio is on / off. Both
 *    sides keep an append subscription open, as the projector does wherever the follower runs.
 * 2. Verification of 1,000,000 events: events per second of ledger.verify().
 * 3. The workbench's query by actor and period over those events: p95 of its latency.
 *
 * Each figure is the median of three rounds with min and max beside it. Usage:
 *   npx tsx bench/ledger.ts [events=1000000]   (LEDGER_KEEP=1 keeps the database and prints its URL)
 */
import { randomUUID } from "node:crypto";
import { parseAuditKey } from "@crm/infra/audit/audit-key";
import { startChainFollower } from "@crm/infra/audit/chain-follower";
import { createLedger } from "@crm/infra/audit/event-chain";
import type { Database } from "@crm/infra/db/database";
import { migrate } from "@crm/infra/db/migrations";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { auditEventPage } from "@crm/read-api/audit/workbench.queries";
import { closedLoop } from "./lib/closed-loop.ts";
import { benchMetadata, leadBatch } from "./lib/lead-data.ts";
import { machineLoad } from "./lib/machine.ts";
import { markdownTable, textTable, verdict, writeResults, type Figure } from "./lib/report.ts";
import { fmt, median, percentile } from "./lib/stats.ts";

const EVENTS = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = 3;
const WRITERS = 16;
const SLICE_MS = 2_000;
const PAIRS = 8;
const ACTORS = Array.from({ length: 40 }, () => randomUUID());
const YEAR_MS = 365 * 24 * 3_600_000;
const FIRST_AT = Date.parse("2025-11-27T00:00:00Z");

const range = (values: readonly number[], digits = 0) =>
  `${fmt(median(values), digits)} (min ${fmt(Math.min(...values), digits)}, max ${fmt(Math.max(...values), digits)})`;

/**
 * 1. Appends per second, follower off and on, in ROUNDS rounds of PAIRS pairs of slices; the order
 * within a pair alternates so that drift on this shared machine falls on both sides, and the chain
 * catches up between slices, untimed. A round's figure is its appends with the follower over those
 * without, summed over its pairs.
 */
async function appendThroughput(db: Database) {
  const store = createPostgresEventStore(db);
  const ledger = createLedger(db, parseAuditKey(Buffer.alloc(32, 1).toString("base64")));
  const append = () => {
    const metadata = benchMetadata();
    return store.append(`lead-${randomUUID()}`, 0, leadBatch(1), { commandId: metadata.commandId, metadata });
  };
  const slice = async (following: boolean) => {
    await ledger.catchUp();
    const follower = following
      ? await startChainFollower({ ledger, store, log: console.error, checkpointEvery: 10_000, checkpointAfterMs: 3_600_000 })
      : undefined;
    const result = await closedLoop(WRITERS, SLICE_MS, append);
    await follower?.stop();
    return result;
  };
  // Both sides listen for appends, as the projector does in every deployment: the follower's cost is its own steps.
  const unsubscribe = await store.onAppend(() => undefined);
  const ratios: number[] = [];
  const off: number[] = [];
  const on: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const sums = { off: { ops: 0, seconds: 0 }, on: { ops: 0, seconds: 0 } };
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const following of pair % 2 === 0 ? [false, true] : [true, false]) {
        const result = await slice(following);
        const sum = following ? sums.on : sums.off;
        sum.ops += result.operations;
        sum.seconds += result.seconds;
      }
    }
    const [a, b] = [sums.off.ops / sums.off.seconds, sums.on.ops / sums.on.seconds];
    off.push(a);
    on.push(b);
    ratios.push(b / a);
    console.log(`  round ${round + 1}: ${fmt(a)} appends/s without the follower, ${fmt(b)} with it (${fmt((b / a) * 100, 1)} %)`);
  }
  await unsubscribe();
  await ledger.catchUp();
  return { ratios, off, on };
}

/** Fills the log to `count` events set-based: lead streams of 5 events, 40 actors, a year of times. */
async function seedLog(db: Database, count: number) {
  const streams = Math.ceil(count / 5);
  const chunk = 100_000;
  for (let from = 0; from < streams; from += chunk) {
    const to = Math.min(streams, from + chunk);
    await db.query(
      `WITH s AS (SELECT i, gen_random_uuid() AS lead FROM generate_series($1::int, $2::int - 1) AS i),
       ins AS (INSERT INTO streams (stream_id, stream_type, version) SELECT 'lead-' || lead, 'lead', 5 FROM s RETURNING 1)
       INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
       SELECT 'lead-' || s.lead, v, gen_random_uuid(),
         CASE WHEN v = 1 THEN 'LeadCreated' ELSE 'LeadDetailsChanged' END, 1,
         CASE WHEN v = 1 THEN jsonb_build_object('leadId', s.lead, 'name', 'Bench Lead ' || s.i, 'business', 'Studio ' || (s.i % 997),
                'email', 'lead' || s.i || '@example.com', 'phone', NULL, 'source', 'Referral', 'priority', 'medium', 'notes', NULL,
                'proposalLink', NULL, 'contractStatus', NULL, 'stage', 'New Lead')
              ELSE jsonb_build_object('leadId', s.lead, 'changes', jsonb_build_object('notes', 'Call back, edit ' || v)) END,
         jsonb_build_object('actor', ($3::text[])[1 + (s.i + v) % array_length($3::text[], 1)],
           'at', to_char(to_timestamp(($4::bigint + ((s.i * 5 + v)::bigint * $5::bigint / $6::bigint)) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'commandId', gen_random_uuid(), 'correlationId', gen_random_uuid())
       FROM s CROSS JOIN generate_series(1, 5) AS v
       ORDER BY s.i, v`,
      [from, to, ACTORS, FIRST_AT, YEAR_MS, streams * 5],
    );
    process.stdout.write(`\r  seeded ${fmt(to * 5)} events`);
  }
  process.stdout.write("\n");
}

/** 3. The workbench's first page for one actor and one week, 200 queries a round: each round's p95. */
async function workbenchP95s(db: Database) {
  const p95s: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const actor = ACTORS[(i * 7 + round) % ACTORS.length]!;
      const from = FIRST_AT + ((i * 37 + round * 11) % 350) * 86_400_000;
      const started = performance.now();
      await auditEventPage(db, { actor, from: new Date(from).toISOString(), to: new Date(from + 7 * 86_400_000).toISOString() }, undefined, 50);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    p95s.push(percentile(latencies, 95));
    console.log(`  round ${round + 1}: p95 ${fmt(percentile(latencies, 95), 1)} ms, p50 ${fmt(percentile(latencies, 50), 1)} ms`);
  }
  return p95s;
}

async function main() {
  console.log(`ledger bench: ${fmt(EVENTS)} events; load ${machineLoad()}`);
  const database = await createTestDatabase("postgres");
  const { db } = database;
  try {
    await migrate(db, ALL_MIGRATIONS);
    const figures: Figure[] = [];

    console.log("1. append throughput, follower off / on");
    const appends = await appendThroughput(db);
    figures.push({
      figure: `appends/s with the chain follower, against without it (${WRITERS} writers, 1 event each)`,
      measured: `${range(
        appends.ratios.map((r) => r * 100),
        1,
      )} %`,
      target: ">= 95 %",
      limit: `without: ${range(appends.off)}/s; with: ${range(appends.on)}/s`,
      verdict: verdict(median(appends.ratios) >= 0.95),
    });

    console.log(`2. seed and chain ${fmt(EVENTS)} events`);
    await db.exec("TRUNCATE events, streams, commands, event_chain, audit_checkpoints, event_redactions");
    await seedLog(db, EVENTS);
    await db.exec("ANALYZE events");
    const ledger = createLedger(db, parseAuditKey(Buffer.alloc(32, 1).toString("base64")));
    const chainStarted = performance.now();
    const chained = await ledger.catchUp();
    const chainSeconds = (performance.now() - chainStarted) / 1000;
    console.log(`  chained ${fmt(chained)} events in ${fmt(chainSeconds, 1)} s (${fmt(chained / chainSeconds)} events/s)`);
    await db.exec("ANALYZE event_chain");
    await ledger.checkpoint();

    const rates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const verification = await ledger.verify();
      const seconds = (performance.now() - started) / 1000;
      if (verification.status !== "intact") throw new Error(`verification failed: ${JSON.stringify(verification.firstBreak)}`);
      rates.push(verification.checked / seconds);
      console.log(`  verify round ${round + 1}: ${fmt(verification.checked)} events in ${fmt(seconds, 2)} s`);
    }
    figures.push({
      figure: `verify ${fmt(chained)} events`,
      measured: `${range(rates)} events/s`,
      target: ">= 200,000 events/s",
      limit: `chaining them: ${fmt(chained / chainSeconds)} events/s`,
      verdict: verdict(median(rates) >= 200_000),
    });

    console.log("3. the workbench's query by actor and period");
    const p95s = await workbenchP95s(db);
    figures.push({
      figure: `workbench: one actor's events in a week, first page of 50, over ${fmt(chained)} events`,
      measured: `p95 ${range(p95s, 1)} ms`,
      target: "p95 <= 100 ms",
      limit: "200 queries a round, 40 actors, weeks across a year",
      verdict: verdict(median(p95s) <= 100),
    });

    console.log(`\n${textTable(figures)}`);
    const file = writeResults(
      `# Ledger (issue 39)\n\n${new Date().toISOString()}, ${machineLoad()}; \`npx tsx bench/ledger.ts ${EVENTS}\`.\n\n${markdownTable(figures)}\n`,
      new Date(),
      ["issue-39-ledger"],
    );
    console.log(`written to ${file}`);
  } finally {
    // LEDGER_KEEP=1 keeps the database to look into (its URL is printed).
    if (process.env.LEDGER_KEEP) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}

await main();
