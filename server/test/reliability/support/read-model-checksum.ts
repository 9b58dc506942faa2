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
export async function readModelChecksums(
  q: Queryable,
  schemaOf: (table: string) => string = () => "public",
): Promise<Record<string, string>> {
  return tableChecksums(q, READ_MODEL_TABLES, schemaOf);
}

/** The same md5 per table for any tables (e.g. the event store's events and streams). */
export async function tableChecksums(
  q: Queryable,
  tables: readonly string[],
  schemaOf: (table: string) => string = () => "public",
): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tables) {
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
 * The checksums a clean rebuild of the log up to `upTo` gives (see lastPosition): every projection
 * built from the first event into a scratch schema of its own (nothing in public is touched), summed, then dropped.
 */
export async function cleanRebuildChecksums(
  db: Database,
  store: EventStore,
  upTo: string,
  projections: readonly Projection[] = ALL_PROJECTIONS,
): Promise<Record<string, string>> {
  const run = randomBytes(4).toString("hex");
  const schemaOf = new Map<string, string>();
  for (const p of projections) for (const t of p.tables) schemaOf.set(t, `ref_${p.name}_${run}`);
  const schema = (p: Projection) => `ref_${p.name}_${run}`;
  try {
    for (const p of projections) {
      await db.exec(`CREATE SCHEMA ${schema(p)}`);
      await db.transaction((tx) => tx.exec(`SET LOCAL search_path TO ${schema(p)}; ${p.ddl}`));
    }
    for (let after = START_POSITION; after < upTo;) {
      const events = await store.readAll({ after, limit: 10_000 });
      if (events.length === 0) {
        // readAll stops below the oldest open transaction on the server (any database's): wait for it.
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
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

/**
 * The position of the newest committed event, read from the table itself: the store's currentPosition
 * may lag behind it while an unrelated transaction anywhere on the shared server is open.
 */
export async function lastPosition(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ position: string | null }>(
    `SELECT lpad(transaction_id::text, 20, '0') || '-' || lpad(global_position::text, 20, '0') AS position
     FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  return rows[0]?.position ?? START_POSITION;
}
