import { named, type Queryable } from "../db/database.ts";

/** The answer to one attempt: allowed, or how long to wait before the next one can be. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts an attempt for key; refused attempts are not counted. */
  hit(key: string): Promise<RateDecision>;
}

export interface RateLimit {
  /** The limiter's name: its keys are its own, apart from every other limiter's. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * One attempt, in one statement. The row keeps the times of the key's latest `limit` admitted
 * attempts, so the attempt is admitted when fewer are kept or the oldest of the latest `limit` has
 * left the window: exactly a sliding window over every admitted attempt. The upsert locks the row,
 * so attempts from several processes are counted one after the other. $3 is the attempt's time in
 * ms, $4 the window, $5 the limit, $6 when the window of this attempt ends.
 */
const HIT = named(`
  INSERT INTO rate_limit_hits AS r (limiter, key, hits, admitted, expires_at)
  VALUES ($1, $2, ARRAY[$3::bigint], true, $6)
  ON CONFLICT (limiter, key) DO UPDATE SET (hits, admitted, expires_at) = (
    SELECT CASE WHEN free THEN (r.hits || $3::bigint)[cardinality(r.hits) + 2 - $5::int:] ELSE r.hits END,
           free,
           CASE WHEN free THEN EXCLUDED.expires_at ELSE r.expires_at END
    FROM (SELECT cardinality(r.hits) < $5::int OR r.hits[cardinality(r.hits) - $5::int + 1] <= $3::bigint - $4::bigint AS free) AS attempt
  )
  RETURNING admitted, (hits[cardinality(hits) - $5::int + 1] + $4::bigint - $3::bigint)::int AS "waitMs"`);

/** Rows whose window has passed are deleted after this many attempts through one limiter. */
const SWEEP_EVERY = 256;

/**
 * A sliding-window limiter counted in the database: at most `limit` attempts per key within
 * `windowMs`, however many processes share the database (decisions/058). The clock is the
 * caller's, as it is for the sign-in backoff.
 */
export function createRateLimiter(db: Queryable, { name, limit, windowMs }: RateLimit, now: () => Date): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`The rate limit ${name} must allow at least one attempt`);
  let attempts = 0;
  return {
    async hit(key) {
      const at = now();
      if (++attempts % SWEEP_EVERY === 0) await db.query(`DELETE FROM rate_limit_hits WHERE expires_at < $1`, [at.toISOString()]);
      const ends = new Date(at.getTime() + windowMs).toISOString();
      const { rows } = await db.query<{ admitted: boolean; waitMs: number | null }>(HIT, [name, key, at.getTime(), windowMs, limit, ends]);
      const row = rows[0]!;
      if (row.admitted) return { allowed: true };
      // Never more than the window, should another process's clock be ahead of this one's.
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.min(windowMs, row.waitMs ?? windowMs) / 1000)) };
    },
  };
}
