import { randomBytes } from "node:crypto";
import type { Database, Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { START_POSITION } from "@crm/infra/event-store/position";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import type { Projection } from "@crm/projector/projection";

/** Every read-model table of every projection, in a fixed order. */
export const READ_MODEL_TABLES = ALL_PROJECTIONS.flatMap((p) => p.tables).sort();

/**
 * md5 of every row of every read-model table in `schema` (rows compared as text, so no table's
 * key has to be known); a missing table reads as "missing", never as equal to an empty one.
 */
export async function readModelChecksums(q: Queryable, schemaOf: (table: string) => string = () => "public"): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of READ_MODEL_TABLES) {
    const schema = schemaOf(table);
    const { rows: exists } = await q.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`${schema}.${table}`]);
    if (!exists[0]!.found) {
      sums[table] = "missing";
      continue;
    }
    const { rows } = await q.query<{ sum: string | null; n: string }>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum, count(*) AS n FROM ${schema}.${table} t`,
    );
    sums[table] = `${rows[0]!.n}:${rows[0]!.sum}`;
  }
  return sums;
}

/**
 * The checksums a clean rebuild of the whole log gives: every projection built from the first
 * event into a scratch schema of its own (nothing in public is touched), summed, then dropped.
 */
export async function cleanRebuildChecksums(db: Database, store: EventStore, projections: readonly Projection[] = ALL_PROJECTIONS): Promise<Record<string, string>> {
  const run = randomBytes(4).toString("hex");
  const schemaOf = new Map<string, string>();
  for (const p of projections) for (const t of p.tables) schemaOf.set(t, `ref_${p.name}_${run}`);
  const schema = (p: Projection) => `ref_${p.name}_${run}`;
  try {
    for (const p of projections) {
      await db.exec(`CREATE SCHEMA ${schema(p)}`);
      await db.transaction((tx) => tx.exec(`SET LOCAL search_path TO ${schema(p)}; ${p.ddl}`));
    }
    for (let after = START_POSITION; ; ) {
      const events = await store.readAll({ after, limit: 10_000 });
      if (events.length === 0) break;
      after = events.at(-1)!.position;
      await db.transaction(async (tx) => {
        for (const p of projections) {
          await tx.exec(`SET LOCAL search_path TO ${schema(p)}`);
          await p.apply(tx, events);
        }
      });
    }
    return await readModelChecksums(db, (table) => schemaOf.get(table) ?? "public");
  } finally {
    for (const p of projections) await db.exec(`DROP SCHEMA IF EXISTS ${schema(p)} CASCADE`);
  }
}

/** Differences between two checksum sets, for a readable assertion message. */
export function checksumDiff(actual: Record<string, string>, expected: Record<string, string>): string[] {
  return Object.keys(expected)
    .filter((t) => actual[t] !== expected[t])
    .map((t) => `${t}: ${actual[t]} != ${expected[t]}`);
}
