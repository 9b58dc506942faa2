import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import type { Database } from "@crm/infra/db/database";

/** Leads per INSERT statement: each chunk is its own transaction, as real traffic would be. */
const CHUNK_LEADS = 20_000;

const STAGES_SQL = `ARRAY[${LEAD_STAGES.map((s) => `'${s}'`).join(", ")}]`;

/**
 * Lead i gets n = 2 + i % 17 events (10 on average): LeadCreated, then stage changes (even
 * versions, one stage further each time, up to Active) and detail edits (odd versions). The log
 * interleaves blocks of 2,000 leads by version, so a projector batch mixes new and known leads.
 */
const EVENTS_SQL = `
  INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT 'lead-' || l.id, v, gen_random_uuid(), e.type, 1, e.data,
         jsonb_build_object('actor', 'bench', 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'commandId', c.id, 'correlationId', c.id)
  FROM bench_leads l
  CROSS JOIN LATERAL generate_series(1, l.n) AS v
  CROSS JOIN LATERAL (SELECT gen_random_uuid()::text AS id) c
  CROSS JOIN LATERAL (
    SELECT CASE WHEN v = 1 THEN 'LeadCreated' WHEN v % 2 = 0 THEN 'LeadStageChanged' ELSE 'LeadDetailsChanged' END AS type,
      CASE
        WHEN v = 1 THEN jsonb_build_object('leadId', l.id, 'name', 'Lead ' || l.i, 'business', 'Studio ' || (l.i % 997),
          'email', 'lead' || l.i || '@example.com', 'phone', CASE WHEN l.i % 3 = 0 THEN NULL ELSE '+1 555 ' || (l.i % 10000) END,
          'source', 'Referral', 'priority', (ARRAY['high', 'medium', 'low'])[l.i % 3 + 1], 'notes', NULL,
          'proposalLink', NULL, 'contractStatus', NULL, 'stage', 'New Lead')
        WHEN v % 2 = 0 THEN jsonb_build_object('leadId', l.id, 'from', (${STAGES_SQL})[v / 2], 'to', (${STAGES_SQL})[v / 2 + 1])
        WHEN v % 3 = 0 THEN jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('notes', 'Call back, edit ' || v))
        WHEN v % 3 = 1 THEN jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('priority', (ARRAY['high', 'medium', 'low'])[v % 3 + 1]))
        ELSE jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('phone', '+1 555 01' || v, 'source', 'Website'))
      END AS data
  ) e
  WHERE l.i BETWEEN $1 AND $2
  ORDER BY l.i / 2000, v, l.i`;

/** Writes about `events` valid lead events straight into streams/events; resolves to the exact count. */
export async function seedLeadEvents(db: Database, events: number, onChunk?: (done: number) => void): Promise<number> {
  const leads = Math.max(1, Math.round(events / 10));
  await db.exec(`
    DROP TABLE IF EXISTS bench_leads;
    CREATE UNLOGGED TABLE bench_leads AS SELECT i, gen_random_uuid() AS id, 2 + (i % 17) AS n FROM generate_series(1, ${leads}) AS i;
    INSERT INTO streams (stream_id, stream_type, version) SELECT 'lead-' || id, 'lead', n FROM bench_leads;
  `);
  for (let from = 1; from <= leads; from += CHUNK_LEADS) {
    await db.transaction(async (tx) => {
      await tx.exec("SET LOCAL synchronous_commit = off");
      await tx.query(EVENTS_SQL, [from, Math.min(leads, from + CHUNK_LEADS - 1)]);
    });
    onChunk?.(Math.min(leads, from + CHUNK_LEADS - 1));
  }
  const { rows } = await db.query<{ count: string }>("SELECT count(*) AS count FROM events");
  await db.exec("DROP TABLE bench_leads");
  // A rebuild right after a bulk load should not pay for hint bits and missing statistics.
  for (const table of ["events", "streams"]) await db.exec(`VACUUM ANALYZE ${table}`);
  return Number(rows[0]!.count);
}
