/**
 * What one row of the leads read model costs Postgres when the live projector rewrites it: batches
 * of 55 leads (a live batch under load, decisions/034) changing stage and rank, as a drag does,
 * written with the projection's own upsert (upsertLeads) into a table of 10,000 leads, in rounds
 * that alternate between the projection's indexes and the same table without some of them. Prints
 * each variant's median Postgres CPU per row written (the backends' CPU time, from /proc).
 *
 *   npx tsx leads-row-cost.ts [rounds] [batches per round]
 *
 * It tells whether the projector's Postgres time is its statements' shape or the rows they write:
 * a stage change cannot update a lead in place (stage and rank are indexed, so no HOT update), and
 * each index of the table takes a new entry.
 */
import { randomUUID } from "node:crypto";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { Database } from "@crm/infra/db/database";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { upsertLeads } from "@crm/projector/leads/leads.batch";
import { LEADS_DDL, LEADS_READER_INDEXES, type LeadRow } from "@crm/projector/leads/leads.schema";
import { leadCreated, pick } from "./lib/lead-data.ts";
import { serverCpuMeter } from "./lib/machine.ts";
import { fmt, median } from "./lib/stats.ts";

const LEADS = 10_000;
const BATCH = 55;

const VARIANTS = {
  "the projection's indexes": LEADS_READER_INDEXES,
  "without the trigram search index": LEADS_READER_INDEXES.replace(/CREATE INDEX leads_search[^;]*;/, ""),
  "key and board index only": "",
} as const;

/** A lead row as the projection writes one after LeadCreated. */
function leadRow(rank: number): LeadRow {
  const { data } = leadCreated();
  const at = new Date().toISOString();
  return {
    id: data.leadId,
    name: data.name,
    business: data.business,
    email: data.email,
    phone: data.phone,
    stage: pick(LEAD_STAGES),
    source: data.source,
    priority: data.priority,
    proposal_link: null,
    contract_status: null,
    notes: "Met at a conference; asked about a content retainer.",
    last_activity: null,
    created_at: at,
    updated_at: at,
    created_by: randomUUID(),
    assigned_to: null,
    creative_director_id: null,
    value_minor: null,
    expected_close_on: null,
    probability: null,
    won_at: null,
    email_undeliverable: null,
    version: 1,
    rank: String(rank).padStart(9, "0"),
    status: "open",
    closed_at: null,
    lost_at: null,
    lost_reason: null,
    lost_note: null,
  };
}

const inSchema = (schema: string, sql: string) => `SET LOCAL search_path = ${schema}, public; ${sql}`;

async function writeRows(db: Database, schema: string, rows: readonly LeadRow[]) {
  await db.transaction(async (tx) => {
    // As the projector's batches: commits need not wait for the disk (read models are derived).
    await tx.exec(inSchema(schema, "SET LOCAL synchronous_commit = off"));
    await upsertLeads(tx, rows);
  });
}

/** The leads table of one variant in a schema of its own, with LEADS leads. */
async function seed(db: Database, schema: string, indexes: string): Promise<LeadRow[]> {
  await db.transaction((tx) => tx.exec(`CREATE SCHEMA ${schema}; ${inSchema(schema, LEADS_DDL + indexes)}`));
  const rows = Array.from({ length: LEADS }, (_, i) => leadRow(100_000 + i));
  for (let i = 0; i < rows.length; i += 1_000) await writeRows(db, schema, rows.slice(i, i + 1_000));
  await db.exec(`VACUUM ANALYZE ${schema}.leads`);
  return rows;
}

/** Postgres CPU microseconds per row over `batches` batches of stage changes. */
async function round(db: Database, schema: string, rows: LeadRow[], batches: number): Promise<number> {
  const meter = await serverCpuMeter(db);
  let written = 0;
  for (let b = 0; b < batches; b++) {
    const leads = [...new Set(Array.from({ length: BATCH }, () => pick(rows)))];
    for (const row of leads) {
      row.stage = pick(LEAD_STAGES);
      row.rank = String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
      row.version++;
      row.updated_at = new Date().toISOString();
    }
    await writeRows(db, schema, leads);
    written += leads.length;
  }
  return ((await meter()) * 1e6) / written;
}

export async function leadsRowCost(rounds: number, batches: number, log = console.log) {
  const test = await createTestDatabase("postgres");
  try {
    await test.db.exec("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
    const variants = await Promise.all(
      Object.entries(VARIANTS).map(async ([name, indexes], i) => {
        const schema = `row_cost_${i}`;
        return { name, schema, rows: await seed(test.db, schema, indexes) };
      }),
    );
    const samples = new Map<string, number[]>();
    for (let r = 0; r < rounds; r++) {
      for (const { name, schema, rows } of r % 2 === 0 ? variants : [...variants].reverse()) {
        const us = await round(test.db, schema, rows, batches);
        samples.set(name, [...(samples.get(name) ?? []), us]);
        log(`round ${r + 1} ${name}: ${fmt(us, 1)} µs of Postgres CPU per row`);
      }
    }
    for (const [name, values] of samples) log(`${name}: median ${fmt(median(values), 1)} µs per row`);
  } finally {
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds = "5", batches = "200"] = process.argv.slice(2);
  await leadsRowCost(Number(rounds), Number(batches));
}
