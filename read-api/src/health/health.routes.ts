import { Router } from "express";
import type { Database } from "@crm/infra/db/database";

interface ProjectionHealth {
  name: string;
  version: number;
  position: string;
  lagEvents: number;
  lagMs: number;
  lastError: string | null;
}

/** GET /api/health: the database, and for each projection its checkpoint and lag behind the log head. */
export function healthRoutes({ db }: { db: Database }): Router {
  const router = Router();
  router.get("/api/health", async (_req, res) => {
    const { rows } = await db.query<ProjectionHealth>(
      `SELECT c.name, c.version, c.position, c.last_error AS "lastError",
              lag.events::int AS "lagEvents",
              COALESCE((EXTRACT(EPOCH FROM (now() - lag.oldest)) * 1000)::int, 0) AS "lagMs"
       FROM projection_checkpoints c
       CROSS JOIN LATERAL (
         SELECT count(*) AS events, min(e.created_at) AS oldest FROM events e
         WHERE (e.transaction_id, e.global_position) >
               (split_part(c.position, '-', 1)::numeric::text::xid8, split_part(c.position, '-', 2)::bigint)
       ) lag
       ORDER BY c.name`,
    );
    const healthy = rows.every((p) => p.lastError === null);
    res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "degraded", database: db.kind, projections: rows });
  });
  return router;
}
