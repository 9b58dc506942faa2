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
  {
    // A plpgsql function caches its plans per connection; force_generic_plan makes it keep one.
    // The same SELECT sent as a statement was planned anew for every lookup (its array of session
    // ids made each custom plan look cheaper than a generic one: 150 us of a 200 us lookup), and
    // its plain join scanned the whole log once a batch held ten ids (1.6-3.0 ms at 60,000 events,
    // growing with the log). OFFSET 0 keeps the LATERAL subquery from being flattened into such a
    // join, and enable_seqscan = off keeps a plan made while the tables were small (a new
    // database, before autovacuum's first ANALYZE) from scanning them once they have grown: every
    // row here is found by a primary key, whatever the statistics say.
    id: "identity/002-session-lookup-function",
    sql: `
      CREATE FUNCTION crm_session_lookup(p_ids text[], p_stream_prefix text)
      RETURNS TABLE (id text, "accountId" uuid, "expiresAt" timestamptz, email text, global_position bigint,
        transaction_id text, stream_id text, stream_version integer, event_id uuid, event_type text,
        schema_version integer, data jsonb, metadata jsonb)
      LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $fn$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
          SELECT s.id, s.account_id, s.expires_at, a.email, e.global_position, e.transaction_id::text, e.stream_id,
                 e.stream_version, e.event_id, e.event_type, e.schema_version, e.data, e.metadata
          FROM sessions s
          JOIN accounts a ON a.id = s.account_id
          LEFT JOIN LATERAL (SELECT * FROM events WHERE events.stream_id = p_stream_prefix || s.account_id OFFSET 0) e ON true
          WHERE s.id = ANY (p_ids)
          ORDER BY s.id, e.stream_version;
      END
      $fn$;
    `,
  },
  {
    // Failed sign-ins in a row per key ("email:<address>" or "ip:<address>"), shared by every
    // command-service process: the backoff, and the owner's mail once per run (decisions/040).
    id: "identity/003-sign-in-failures",
    sql: `
      CREATE TABLE sign_in_failures (
        key             text PRIMARY KEY,
        failures        integer NOT NULL DEFAULT 0,
        last_attempt_at timestamptz NOT NULL,
        first_failed_at timestamptz,
        addresses       text[] NOT NULL DEFAULT '{}',
        notified_at     timestamptz
      );
      CREATE INDEX sign_in_failures_last_attempt ON sign_in_failures (last_attempt_at);
    `,
  },
  {
    // Single-use links (invitations, password resets): only the SHA-256 of each token is kept, so
    // the table lets nobody in. An invitation's subject is the user id its account will take
    // (no account row exists yet); a reset's is the account's id.
    id: "identity/004-account-tokens",
    sql: `
      CREATE TABLE account_tokens (
        id         text PRIMARY KEY,
        purpose    text NOT NULL CHECK (purpose IN ('invite', 'reset')),
        subject_id uuid NOT NULL,
        email      text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at    timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX account_tokens_subject ON account_tokens (subject_id, purpose);
      CREATE INDEX account_tokens_expiry ON account_tokens (expires_at);
      ALTER TABLE accounts ADD COLUMN last_sign_in_at timestamptz;
    `,
  },
];
