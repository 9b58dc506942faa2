import type { Queryable } from "@crm/infra/db/database";
import { eventsAfterSql } from "@crm/infra/metrics/log-lag";

export interface ProjectionLag {
  name: string;
  version: number;
  position: string;
  /** Events between the projection's checkpoint and the log head. */
  lagEvents: number;
  /** Age of the oldest of them: how stale the read model is. */
  lagMs: number;
  lastError: string | null;
}

/** Each projection's checkpoint and lag behind the log head, counted now (health, readiness, metrics). */
export async function projectionLag(db: Queryable): Promise<ProjectionLag[]> {
  const { rows } = await db.query<ProjectionLag>(
    `SELECT c.name, c.version, c.position, c.last_error AS "lastError",
            lag.events::int AS "lagEvents",
            COALESCE((EXTRACT(EPOCH FROM (now() - lag.oldest)) * 1000)::int, 0) AS "lagMs"
     FROM projection_checkpoints c
     CROSS JOIN LATERAL (SELECT count(*) AS events, min(e.created_at) AS oldest FROM events e WHERE ${eventsAfterSql("c.position")}) lag
     ORDER BY c.name`,
  );
  return rows;
}
