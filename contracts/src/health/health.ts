// Answers are zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply.
import { z } from "zod/mini";

/** Which database the app runs on. */
export const DatabaseKind = z.enum(["postgres", "pglite"]);

/** One projection's checkpoint and how far it is behind the log head (read-api/src/health/projection-lag.ts). */
export const ProjectionLag = z.object({
  name: z.string(),
  version: z.int(),
  position: z.string(),
  /** Events between the projection's checkpoint and the log head. */
  lagEvents: z.int(),
  /** Age of the oldest of them: how stale the read model is. */
  lagMs: z.int(),
  lastError: z.nullable(z.string()),
});
export type ProjectionLag = z.infer<typeof ProjectionLag>;

/**
 * GET /api/health, 200 or 503 (a projection stopped on an error). The public learns only "ok" or
 * "unavailable"; operators (a Partner, the host itself, the METRICS_TOKEN bearer) get "ok" or
 * "degraded" with the database kind and every read model's checkpoint and lag.
 */
export const Health = z.union([
  z.object({ status: z.enum(["ok", "unavailable"]) }),
  z.object({ status: z.enum(["ok", "degraded"]), database: DatabaseKind, projections: z.array(ProjectionLag) }),
]);
export type Health = z.infer<typeof Health>;

/** GET /api/ready, 200: the read models are close enough to the log head to take traffic (else a 503 problem). */
export const Ready = z.object({ status: z.literal("ready"), database: DatabaseKind });
export type Ready = z.infer<typeof Ready>;
