import type { Migration } from "../db/migrations.ts";

/**
 * The rate limits' counts, shared by every process on the database (rate-limiter.ts, decisions/058).
 * A row per limiter and key: the times (ms since the epoch, oldest first) of its latest admitted
 * attempts, at most the limit of them, and whether the latest attempt was admitted, which is what
 * the attempt's statement answers. Past `expires_at` the row holds nothing still in its window.
 */
export const rateLimitMigrations: Migration[] = [
  {
    id: "rate-limits/001-hits",
    sql: `
      CREATE TABLE rate_limit_hits (
        limiter    text NOT NULL,
        key        text NOT NULL,
        hits       bigint[] NOT NULL,
        admitted   boolean NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (limiter, key)
      );
      CREATE INDEX rate_limit_hits_expiry ON rate_limit_hits (expires_at);
    `,
  },
];
