/**
 * Measures GET /api/leads?search= on 10,000 leads: the plain scan of the lowered `search` column
 * against a pg_trgm GIN index (decisions/006). Not a test; run with
 * `npx tsx server/test/leads-search.measure.ts`. Prints median milliseconds per query.
 */
import { createPgliteDatabase } from "@crm/infra/db/pglite-database";
import type { Queryable } from "@crm/infra/db/database";
import { createTestDatabase, postgresAvailable } from "@crm/infra/testing/test-database";
import { LEADS_DDL, LEADS_READER_INDEXES } from "@crm/projector/leads/leads.schema";
import { listLeads } from "@crm/read-api/leads/leads.queries";

const LEADS = 10_000;
const SEED = `
  INSERT INTO leads (id, name, business, email, stage, priority, created_at, updated_at, created_by, version, rank, card)
  SELECT gen_random_uuid(), 'Person ' || md5(i::text), 'Business ' || md5((i * 7)::text), 'p' || i || '@example.com',
         (ARRAY['New Lead','Contacted','Meeting Scheduled','Proposal Sent','Active'])[1 + i % 5],
         (ARRAY['high','medium','low'])[1 + i % 3], now(), now(), 'system', 1, lpad(i::text, 6, '0'), json_build_object('i', i)::text
  FROM generate_series(1, ${LEADS}) AS i;
  ANALYZE leads;`;

async function median(q: Queryable, search: string | undefined, runs = 15): Promise<string> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    count = (await listLeads(q, search ? { search } : {})).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `${times[Math.floor(runs / 2)]!.toFixed(1)} ms (${count} rows)`;
}

/** Plain scans, then the same searches once the app's own search index (LEADS_READER_INDEXES) is there. */
async function measure(label: string, q: Queryable) {
  await q.exec(LEADS_DDL + SEED);
  const queries = { "whole board": undefined, "rare word 'ab12'": "ab12", "common word 'person'": "person", "email 'p4242@'": "p4242@" };
  for (const [name, search] of Object.entries(queries)) console.log(`${label} plain scan, ${name}: ${await median(q, search)}`);
  await q.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public; ${LEADS_READER_INDEXES} ANALYZE leads;`);
  for (const [name, search] of Object.entries(queries)) console.log(`${label} pg_trgm GIN, ${name}: ${await median(q, search)}`);
}

const lite = await createPgliteDatabase();
await measure("PGlite", lite);
await lite.close();

if (await postgresAvailable()) {
  const database = await createTestDatabase("postgres");
  await measure("Postgres", database.db);
  await database.drop();
}
