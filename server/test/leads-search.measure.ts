/**
 * Measures GET /api/leads?search= on 10,000 leads: the plain scan of the lowered `search` column
 * against a pg_trgm GIN index (decisions/006). Not a test; run with
 * `npx tsx server/test/leads-search.measure.ts`. Prints median milliseconds per query.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgliteDatabase } from "@crm/infra/db/pglite-database";
import type { Queryable } from "@crm/infra/db/database";
import { createTestDatabase, postgresAvailable } from "@crm/infra/testing/test-database";
import { LEADS_DDL } from "@crm/projector/leads/leads.schema";
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

async function measure(label: string, q: Queryable, trigram: () => Promise<void>) {
  await q.exec(LEADS_DDL + SEED);
  const queries = { "whole board": undefined, "rare word 'ab12'": "ab12", "common word 'person'": "person", "email 'p4242@'": "p4242@" };
  for (const [name, search] of Object.entries(queries)) console.log(`${label} plain scan, ${name}: ${await median(q, search)}`);
  await trigram();
  for (const [name, search] of Object.entries(queries)) console.log(`${label} pg_trgm GIN, ${name}: ${await median(q, search)}`);
}

const lite = await PGlite.create({ extensions: { pg_trgm } });
const liteQueryable: Queryable = {
  query: async <R>(sql: string, params?: readonly unknown[]) => ({ rows: (await lite.query<R>(sql, params as unknown[])).rows }),
  exec: async (sql: string) => void (await lite.exec(sql)),
};
await measure("PGlite", liteQueryable, async () => {
  await lite.exec("CREATE EXTENSION pg_trgm; CREATE INDEX leads_search_trgm ON leads USING gin (search gin_trgm_ops); ANALYZE leads;");
});
await lite.close();
const plainLite = await createPgliteDatabase();
console.log("(PGlite as the app opens it has pg_trgm?)", (await plainLite.query("SELECT count(*) AS n FROM pg_available_extensions WHERE name = 'pg_trgm'")).rows);
await plainLite.close();

if (await postgresAvailable()) {
  const database = await createTestDatabase("postgres");
  await measure("Postgres", database.db, async () => {
    await database.db.exec("CREATE EXTENSION pg_trgm; CREATE INDEX leads_search_trgm ON leads USING gin (search gin_trgm_ops); ANALYZE leads;");
  });
  await database.drop();
}
