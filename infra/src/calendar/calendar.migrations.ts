import type { Migration } from "../db/migrations.ts";

/**
 * Personal calendar feeds (docs/product.md, "Profile"): one per account at most. Like sessions and
 * account tokens, only the SHA-256 of the token is kept, so the table opens no feed by itself.
 */
export const calendarMigrations: Migration[] = [
  {
    id: "calendar/001-feeds",
    sql: `
      CREATE TABLE calendar_feeds (
        account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      );
    `,
  },
];
