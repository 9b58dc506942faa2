import { randomBytes } from "node:crypto";
import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Database, Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { lockProjection } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import { RebuildFeed } from "./rebuild-feed.ts";

export interface RebuildProgress {
  /** The projection's name, or the names joined by ", " when several are rebuilt together. */
  projection: string;
  processed: number;
  total: number;
}

export interface RebuildOptions {
  db: Database;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Start-up builds: skip the swap of a projection that another instance built at this version meanwhile. */
  onlyIfStale?: boolean;
}

export type RebuildManyOptions = Omit<RebuildOptions, "projection"> & { projections: readonly Projection[] };

/** Large batches: per-batch costs (a transaction, a lookup of the touched rows, one upsert) dominate small ones. */
const DEFAULT_BATCH_SIZE = 10_000;

/** How far the log is read ahead of the slowest read model, in batches (each is held in memory). */
const BATCHES_AHEAD = 3;

/** A shadow schema of this run's own, so two instances building at once never share one. */
const shadowSchemas = (projections: readonly Projection[]) => {
  const run = randomBytes(4).toString("hex");
  return new Map(projections.map((p) => [p.name, `rebuild_${p.name}_${run}`]));
};

/** Rebuilds one read model from the first event; see rebuildProjections. */
export function rebuildProjection({ projection, ...options }: RebuildOptions): Promise<string> {
  return rebuildProjections({ ...options, projections: [projection] });
}

/**
 * Rebuilds read models from the first event, blue/green: the new tables fill in shadow schemas
 * while the old ones keep serving, then one transaction swaps them in and sets the checkpoints.
 * The log is read once for all of them, ahead of the batches being applied.
 * Events appended after the last batch are picked up by the runner from that checkpoint.
 */
export async function rebuildProjections(options: RebuildManyOptions): Promise<string> {
  const schemas = shadowSchemas(options.projections);
  try {
    return await rebuildInto(schemas, options);
  } catch (error) {
    for (const schema of schemas.values()) await options.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    throw error;
  }
}

async function rebuildInto(
  schemas: Map<string, string>,
  { db, store, projections, batchSize = DEFAULT_BATCH_SIZE, onProgress, onlyIfStale }: RebuildManyOptions,
) {
  for (const projection of projections) {
    const schema = schemas.get(projection.name)!;
    await db.exec(`CREATE SCHEMA ${schema}`);
    await db.transaction(async (tx) => tx.exec(`SET LOCAL search_path TO ${schema}; ${projection.ddl}`));
  }
  const name = projections.map((p) => p.name).join(", ");
  const { rows } = await db.query<{ total: string }>("SELECT count(*) AS total FROM events");
  const total = Number(rows[0]?.total ?? 0);
  let processed = 0;
  onProgress?.({ projection: name, processed, total });
  const feed = new RebuildFeed(
    (after) => store.readAll({ after, limit: batchSize }),
    projections.length,
    BATCHES_AHEAD,
    (events) => {
      processed += events;
      onProgress?.({ projection: name, processed, total: Math.max(total, processed) });
    },
  );
  const results = await Promise.allSettled(
    projections.map(async (projection, consumer) => {
      try {
        await fill(db, projection, schemas.get(projection.name)!, feed.batches(consumer));
        await finish(db, projection, schemas.get(projection.name)!);
      } catch (error) {
        feed.abort(error);
        throw error;
      }
    }),
  );
  const failure = results.find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
  await swapIn(db, projections, schemas, feed.position, onlyIfStale);
  return feed.position;
}

/**
 * Applies each batch in a transaction of its own: the shadow tables are private to this run until
 * the swap, so the read models need not move together, and each goes at its own pace (while one
 * handler's statements run on the server, another handler runs here). Nothing reads them before
 * the swap, which commits normally, so these commits need not wait for the disk; each reports its
 * table statistics at once, for finish to judge. A transaction ends before its failure is thrown,
 * so the cleanup finds no open work.
 */
async function fill(db: Database, projection: Projection, schema: string, batches: AsyncIterable<readonly RecordedEvent[]>) {
  for await (const events of batches) {
    await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL synchronous_commit = off; SET LOCAL search_path TO ${schema}; SELECT pg_stat_force_next_flush()`);
      await projection.apply(tx, events);
    });
  }
}

/**
 * Readies the filled tables while no reader sees them yet. A rebuild leaves a dead row version for
 * every update and delete (a 10,000-lead board built from 1M events held ~500,000 dead rows; at
 * that size stats and search ran 5x slower), so tables that churned are compacted; timelines,
 * which mostly grow, are not rewritten (on 200,000 events that rewrite cost a tenth of the
 * server's CPU time). Then the indexes only readers use are built in one pass each, and the
 * statistics gathered. On Postgres the sorts get more memory than the default 64 MB, which a
 * parallel build splits between its workers: for a 1M-row timeline they spilled to disk.
 */
async function finish(db: Database, projection: Projection, schema: string) {
  for (const table of await churnedTables(db, schema)) await db.exec(`VACUUM FULL ${schema}.${table}`);
  const memory = db.kind === "postgres" ? "SET LOCAL maintenance_work_mem = '256MB';" : "";
  if (projection.readerIndexes)
    await db.transaction((tx) => tx.exec(`${memory} SET LOCAL search_path TO ${schema}; ${projection.readerIndexes}`));
  if (projection.tables.length > 0) await db.exec(`ANALYZE ${projection.tables.map((table) => `${schema}.${table}`).join(", ")}`);
}

/** The schema's tables with more than one update or delete per ten inserts. */
async function churnedTables(db: Database, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ table: string }>(
    "SELECT relname AS table FROM pg_stat_user_tables WHERE schemaname = $1 AND (n_tup_upd + n_tup_del) * 10 > n_tup_ins",
    [schema],
  );
  return rows.map((r) => r.table);
}

/**
 * Moves the shadow tables into public and sets each checkpoint, in one transaction, and announces
 * the swap at its commit: the read API learns which tables now serve, and browsers refresh.
 */
async function swapIn(
  db: Database,
  projections: readonly Projection[],
  schemas: Map<string, string>,
  position: string,
  onlyIfStale = false,
) {
  await db.transaction(async (tx) => {
    const rebuilt: string[] = [];
    for (const projection of projections) {
      const schema = schemas.get(projection.name)!;
      await lockProjection(tx, projection.name);
      if (onlyIfStale && (await builtAt(tx, projection.name)) === projection.version) {
        await tx.exec(`DROP SCHEMA ${schema} CASCADE`);
        continue;
      }
      rebuilt.push(projection.name);
      const moves = projection.tables.map((t) => `DROP TABLE IF EXISTS public.${t} CASCADE; ALTER TABLE ${schema}.${t} SET SCHEMA public;`);
      await tx.exec(`${moves.join("\n")} DROP SCHEMA ${schema} CASCADE;`);
      await tx.query(
        `INSERT INTO public.projection_checkpoints (name, version, position) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, position = EXCLUDED.position, updated_at = now(), last_error = NULL`,
        [projection.name, projection.version, position],
      );
    }
    const notice: AdvancedNotice = { position, topics: [], rebuilt };
    if (rebuilt.length > 0) await tx.query("SELECT pg_notify($1, $2)", [PROJECTIONS_CHANNEL, JSON.stringify(notice)]);
  });
}

async function builtAt(tx: Queryable, name: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ version: number }>("SELECT version FROM public.projection_checkpoints WHERE name = $1", [name]);
  return rows[0]?.version;
}
