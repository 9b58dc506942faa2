import type { Migration } from "../db/migrations.ts";

/**
 * Credentials and sessions are mutable secrets, not history: tables of their own, never events.
 * An account's id is also its staff user id (the `user-{id}` stream, the events' actor).
 */
export const identityMigrations: Migration[] = [
  {
    id: "identity/001-accounts-sessions",
    sql: `
      CREATE TABLE accounts (
        id            uuid PRIMARY KEY,
        email         text NOT NULL UNIQUE,
        password_hash text,
        created_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE oidc_identities (
        issuer     text NOT NULL,
        subject    text NOT NULL,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (issuer, subject)
      );
      CREATE TABLE sessions (
        id         text PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sessions_account ON sessions (account_id);
      CREATE INDEX sessions_expiry ON sessions (expires_at);
    `,
  },
];
