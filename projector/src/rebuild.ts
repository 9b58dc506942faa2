import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { START_POSITION } from "@crm/infra/event-store/position";
import { lockProjection } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

export interface RebuildProgress {
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
}

/**
 * Rebuilds a read model from the first event, blue/green: the new tables fill in a shadow schema
 * while the old ones keep serving, then one transaction swaps them in and sets the checkpoint.
 * Events appended after the last batch are picked up by the runner from that checkpoint.
 */
export async function rebuildProjection({ db, store, projection, batchSize = 5_000, onProgress }: RebuildOptions): Promise<string> {
  const schema = `rebuild_${projection.name}`;
  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await db.transaction(async (tx) => tx.exec(`SET LOCAL search_path TO ${schema}; ${projection.ddl}`));

  const { rows } = await db.query<{ total: string }>("SELECT count(*) AS total FROM events");
  const total = Number(rows[0]?.total ?? 0);
  let position = START_POSITION;
  let processed = 0;
  onProgress?.({ projection: projection.name, processed, total });
  for (;;) {
    const events = await store.readAll({ after: position, limit: batchSize });
    if (events.length === 0) break;
    await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL search_path TO ${schema}`);
      await projection.apply(tx, events);
    });
    position = events.at(-1)!.position;
    processed += events.length;
    onProgress?.({ projection: projection.name, processed, total: Math.max(total, processed) });
  }

  await db.transaction(async (tx) => {
    await lockProjection(tx, projection.name);
    const moves = projection.tables.map((t) => `DROP TABLE IF EXISTS public.${t} CASCADE; ALTER TABLE ${schema}.${t} SET SCHEMA public;`);
    await tx.exec(`${moves.join("\n")} DROP SCHEMA ${schema} CASCADE;`);
    await tx.query(
      `INSERT INTO public.projection_checkpoints (name, version, position) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, position = EXCLUDED.position, updated_at = now(), last_error = NULL`,
      [projection.name, projection.version, position],
    );
  });
  return position;
}
