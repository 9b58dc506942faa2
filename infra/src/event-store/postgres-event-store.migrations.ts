import type { Migration } from "../db/migrations.ts";

export const eventStoreMigrations: Migration[] = [
  {
    id: "event-store/001-streams-events-commands",
    sql: `
      CREATE TABLE streams (
        stream_id   text PRIMARY KEY,
        stream_type text NOT NULL,
        version     integer NOT NULL CHECK (version > 0)
      );
      CREATE SEQUENCE events_global_position_seq;
      CREATE TABLE events (
        global_position bigint NOT NULL DEFAULT nextval('events_global_position_seq'),
        transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id       text NOT NULL REFERENCES streams (stream_id),
        stream_version  integer NOT NULL,
        event_id        uuid NOT NULL UNIQUE,
        event_type      text NOT NULL,
        schema_version  integer NOT NULL,
        data            jsonb NOT NULL,
        metadata        jsonb NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, stream_version)
      );
      CREATE INDEX events_log_order ON events (transaction_id, global_position);
      CREATE TABLE commands (
        command_id   text PRIMARY KEY,
        stream_id    text NOT NULL,
        next_version integer,
        position     text,
        created_at   timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // One round trip per append (a multi-statement transaction cost 4x the commit itself):
    // the whole append runs server-side in the statement's own transaction. A repeated command
    // id answers with the first append's result; a version conflict raises CRM01 and a command
    // id that a concurrent append recorded first raises CRM02, both rolling the statement back.
    id: "event-store/002-append-function",
    sql: `
      CREATE OR REPLACE FUNCTION crm_append_events(
        p_stream_id text, p_stream_type text, p_expected integer, p_command_id text,
        p_event_ids uuid[], p_types text[], p_schema_versions integer[], p_data jsonb[], p_metadata jsonb)
      RETURNS TABLE (next_version integer, log_position text, duplicate boolean)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_count integer := cardinality(p_event_ids);
        v_base integer;
        v_position text;
      BEGIN
        RETURN QUERY SELECT c.next_version, c.position, true FROM commands c WHERE c.command_id = p_command_id;
        IF FOUND THEN RETURN; END IF;
        IF p_expected = 0 THEN
          INSERT INTO streams (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, v_count)
            ON CONFLICT (stream_id) DO NOTHING;
          v_base := CASE WHEN FOUND THEN 0 END;
        ELSIF p_expected IS NULL THEN
          INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, v_count)
            ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
            RETURNING s.version - v_count INTO v_base;
        ELSE
          UPDATE streams SET version = version + v_count WHERE stream_id = p_stream_id AND version = p_expected;
          v_base := CASE WHEN FOUND THEN p_expected END;
        END IF;
        IF v_base IS NULL THEN
          RETURN QUERY SELECT c.next_version, c.position, true FROM commands c WHERE c.command_id = p_command_id;
          IF FOUND THEN RETURN; END IF;
          RAISE EXCEPTION 'stream version conflict' USING ERRCODE = 'CRM01',
            DETAIL = coalesce((SELECT version FROM streams WHERE stream_id = p_stream_id), 0)::text;
        END IF;
        WITH inserted AS (
          INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
          SELECT p_stream_id, v_base + e.ord, e.id, e.type, e.sv, e.d, p_metadata
          FROM unnest(p_event_ids, p_types, p_schema_versions, p_data) WITH ORDINALITY AS e(id, type, sv, d, ord)
          ORDER BY e.ord
          RETURNING transaction_id, global_position)
        SELECT lpad(max(transaction_id::text), 20, '0') || '-' || lpad(max(global_position)::text, 20, '0') INTO v_position FROM inserted;
        INSERT INTO commands (command_id, stream_id, next_version, position) VALUES (p_command_id, p_stream_id, v_base + v_count, v_position)
          ON CONFLICT (command_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'command already used' USING ERRCODE = 'CRM02';
        END IF;
        RETURN QUERY SELECT v_base + v_count, v_position, false;
      END
      $fn$;
    `,
  },
  {
    // Concurrent appends share one statement and one commit (group commit): a commit costs more
    // than the inserts, so 32 writers one event each went at half the rate of plain INSERTs.
    // Each append still checks its own command id and stream version; a conflict is answered
    // per append (nothing was written for it), a command id raced by another transaction raises
    // CRM02 and the caller retries each append alone.
    id: "event-store/003-append-batch-function",
    sql: `
      DROP FUNCTION IF EXISTS crm_append_events(text, text, integer, text, uuid[], text[], integer[], jsonb[], jsonb);
      CREATE OR REPLACE FUNCTION crm_append_batch(p_appends jsonb)
      RETURNS TABLE (r_index integer, r_next_version integer, r_position text, r_duplicate boolean, r_conflict_version integer)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        a jsonb;
        i integer := 0;
        v_stream text;
        v_command text;
        v_expected integer;
        v_count integer;
        v_base integer;
        v_next integer;
        v_position text;
      BEGIN
        FOR a IN SELECT value FROM jsonb_array_elements(p_appends) LOOP
          i := i + 1;
          v_stream := a->>'stream';
          v_command := a->>'command';
          v_expected := (a->>'expected')::integer;
          v_count := jsonb_array_length(a->'events');
          SELECT c.next_version, c.position INTO v_next, v_position FROM commands c WHERE c.command_id = v_command;
          IF FOUND THEN
            RETURN QUERY SELECT i, v_next, v_position, true, NULL::integer;
            CONTINUE;
          END IF;
          IF v_expected = 0 THEN
            INSERT INTO streams (stream_id, stream_type, version) VALUES (v_stream, a->>'type', v_count)
              ON CONFLICT (stream_id) DO NOTHING;
            v_base := CASE WHEN FOUND THEN 0 END;
          ELSIF v_expected IS NULL THEN
            INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (v_stream, a->>'type', v_count)
              ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
              RETURNING s.version - v_count INTO v_base;
          ELSE
            UPDATE streams SET version = version + v_count WHERE stream_id = v_stream AND version = v_expected;
            v_base := CASE WHEN FOUND THEN v_expected END;
          END IF;
          IF v_base IS NULL THEN
            SELECT c.next_version, c.position INTO v_next, v_position FROM commands c WHERE c.command_id = v_command;
            IF FOUND THEN
              RETURN QUERY SELECT i, v_next, v_position, true, NULL::integer;
            ELSE
              RETURN QUERY SELECT i, NULL::integer, NULL::text, false, coalesce((SELECT version FROM streams WHERE stream_id = v_stream), 0);
            END IF;
            CONTINUE;
          END IF;
          WITH inserted AS (
            INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
            SELECT v_stream, v_base + e.n, (e.value->>'id')::uuid, e.value->>'type', (e.value->>'schemaVersion')::integer,
                   e.value->'data', a->'metadata'
            FROM jsonb_array_elements(a->'events') WITH ORDINALITY AS e(value, n)
            ORDER BY e.n
            RETURNING transaction_id, global_position)
          SELECT lpad(max(transaction_id::text), 20, '0') || '-' || lpad(max(global_position)::text, 20, '0') INTO v_position FROM inserted;
          INSERT INTO commands (command_id, stream_id, next_version, position) VALUES (v_command, v_stream, v_base + v_count, v_position)
            ON CONFLICT (command_id) DO NOTHING;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'command already used' USING ERRCODE = 'CRM02';
          END IF;
          RETURN QUERY SELECT i, v_base + v_count, v_position, false, NULL::integer;
        END LOOP;
      END
      $fn$;
    `,
  },
  {
    // The common case, one append, as a function of its own: without the batch's loop, RETURN
    // QUERY and the CTE around the events insert it takes about a third less server time. The
    // position is this transaction's id and this session's last value of the sequence, the
    // inserted rows' maxima. A command id raced by a concurrent transaction now fails on
    // commands_pkey (23505) instead of raising CRM02; the caller answers it as a duplicate.
    // The batch calls it once per append.
    id: "event-store/004-append-one-function",
    sql: `
      CREATE FUNCTION crm_append_one(a jsonb,
        OUT r_next_version integer, OUT r_position text, OUT r_duplicate boolean, OUT r_conflict_version integer)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_stream text := a->>'stream';
        v_command text := a->>'command';
        v_expected integer := (a->>'expected')::integer;
        v_count integer := jsonb_array_length(a->'events');
        v_base integer;
      BEGIN
        r_duplicate := true;
        SELECT c.next_version, c.position INTO r_next_version, r_position FROM commands c WHERE c.command_id = v_command;
        IF FOUND THEN RETURN; END IF;
        IF v_expected = 0 THEN
          INSERT INTO streams (stream_id, stream_type, version) VALUES (v_stream, a->>'type', v_count)
            ON CONFLICT (stream_id) DO NOTHING;
          IF FOUND THEN v_base := 0; END IF;
        ELSIF v_expected IS NULL THEN
          INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (v_stream, a->>'type', v_count)
            ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
            RETURNING s.version - v_count INTO v_base;
        ELSE
          UPDATE streams SET version = version + v_count WHERE stream_id = v_stream AND version = v_expected;
          IF FOUND THEN v_base := v_expected; END IF;
        END IF;
        IF v_base IS NULL THEN
          -- A retry of this command may have committed while this one waited for the stream row.
          SELECT c.next_version, c.position INTO r_next_version, r_position FROM commands c WHERE c.command_id = v_command;
          IF FOUND THEN RETURN; END IF;
          r_duplicate := false;
          r_conflict_version := coalesce((SELECT version FROM streams WHERE stream_id = v_stream), 0);
          RETURN;
        END IF;
        INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT v_stream, v_base + e.n, (e.value->>'id')::uuid, e.value->>'type', (e.value->>'schemaVersion')::integer,
               e.value->'data', a->'metadata'
        FROM jsonb_array_elements(a->'events') WITH ORDINALITY AS e(value, n)
        ORDER BY e.n;
        r_duplicate := false;
        r_next_version := v_base + v_count;
        r_position := lpad(pg_current_xact_id()::text, 20, '0') || '-'
          || lpad(currval('events_global_position_seq')::text, 20, '0');
        INSERT INTO commands (command_id, stream_id, next_version, position) VALUES (v_command, v_stream, r_next_version, r_position);
      END
      $fn$;

      CREATE OR REPLACE FUNCTION crm_append_batch(p_appends jsonb)
      RETURNS TABLE (r_index integer, r_next_version integer, r_position text, r_duplicate boolean, r_conflict_version integer)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        a jsonb;
      BEGIN
        r_index := 0;
        FOR a IN SELECT value FROM jsonb_array_elements(p_appends) LOOP
          r_index := r_index + 1;
          SELECT o.r_next_version, o.r_position, o.r_duplicate, o.r_conflict_version
            INTO r_next_version, r_position, r_duplicate, r_conflict_version
            FROM crm_append_one(a) o;
          RETURN NEXT;
        END LOOP;
      END
      $fn$;
    `,
  },
  {
    // What a command loads before deciding, batched (whole-stream-reader.ts), with one generic plan
    // kept per connection: sent as a statement, its array of stream ids had it planned anew for
    // every read (a third of its server time), as the session lookup was (identity/002). Without
    // enable_seqscan = off, a connection's first read on a new, small log kept a scan of the log
    // as its plan while the log grew: 1 ms a read after 20 s of commands.
    id: "event-store/005-read-streams-function",
    sql: `
      CREATE FUNCTION crm_read_streams(p_ids text[])
      RETURNS TABLE (global_position bigint, transaction_id text, stream_id text, stream_version integer,
        event_id uuid, event_type text, schema_version integer, data jsonb, metadata jsonb)
      LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $fn$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
          SELECT e.global_position, e.transaction_id::text, e.stream_id, e.stream_version, e.event_id, e.event_type,
                 e.schema_version, e.data, e.metadata
          FROM events e
          WHERE e.stream_id = ANY (p_ids)
          ORDER BY e.stream_id, e.stream_version;
      END
      $fn$;
    `,
  },
  {
    // A command loads only the events after the state it folded last time (decisions/033), unless
    // the stream's events were rewritten in place since (erasure counts them in streams.rewrites):
    // then it loads them all. A stream with nothing new answers no row. Replaces crm_read_streams.
    id: "event-store/006-read-streams-after",
    sql: `
      ALTER TABLE streams ADD COLUMN rewrites integer NOT NULL DEFAULT 0;
      CREATE FUNCTION crm_read_streams_after(p_ids text[], p_versions integer[], p_rewrites integer[])
      RETURNS TABLE (rewrites integer, global_position bigint, transaction_id text, stream_id text, stream_version integer,
        event_id uuid, event_type text, schema_version integer, data jsonb, metadata jsonb)
      LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $fn$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
          SELECT s.rewrites, e.global_position, e.transaction_id::text, e.stream_id, e.stream_version, e.event_id, e.event_type,
                 e.schema_version, e.data, e.metadata
          FROM unnest(p_ids, p_versions, p_rewrites) AS q(id, version, rewrites)
          JOIN streams s ON s.stream_id = q.id
          JOIN events e ON e.stream_id = q.id
            AND e.stream_version > CASE WHEN s.rewrites = q.rewrites THEN q.version ELSE 0 END
          ORDER BY e.stream_id, e.stream_version;
      END
      $fn$;
      DROP FUNCTION crm_read_streams(text[]);
    `,
  },
  {
    // An append may name the rewrites count its state was folded at (decisions/033): a stream
    // whose events were rewritten in place since (erasure) refuses it as a conflict, at the same
    // version, so the command loads the rewritten events and decides again.
    id: "event-store/007-append-checks-rewrites",
    sql: `
      CREATE OR REPLACE FUNCTION crm_append_one(a jsonb,
        OUT r_next_version integer, OUT r_position text, OUT r_duplicate boolean, OUT r_conflict_version integer)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_stream text := a->>'stream';
        v_command text := a->>'command';
        v_expected integer := (a->>'expected')::integer;
        v_rewrites integer := (a->>'rewrites')::integer;
        v_count integer := jsonb_array_length(a->'events');
        v_base integer;
      BEGIN
        r_duplicate := true;
        SELECT c.next_version, c.position INTO r_next_version, r_position FROM commands c WHERE c.command_id = v_command;
        IF FOUND THEN RETURN; END IF;
        IF v_expected = 0 THEN
          INSERT INTO streams (stream_id, stream_type, version) VALUES (v_stream, a->>'type', v_count)
            ON CONFLICT (stream_id) DO NOTHING;
          IF FOUND THEN v_base := 0; END IF;
        ELSIF v_expected IS NULL THEN
          INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (v_stream, a->>'type', v_count)
            ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
            RETURNING s.version - v_count INTO v_base;
        ELSE
          UPDATE streams SET version = version + v_count
            WHERE stream_id = v_stream AND version = v_expected AND (v_rewrites IS NULL OR rewrites = v_rewrites);
          IF FOUND THEN v_base := v_expected; END IF;
        END IF;
        IF v_base IS NULL THEN
          -- A retry of this command may have committed while this one waited for the stream row.
          SELECT c.next_version, c.position INTO r_next_version, r_position FROM commands c WHERE c.command_id = v_command;
          IF FOUND THEN RETURN; END IF;
          r_duplicate := false;
          r_conflict_version := coalesce((SELECT version FROM streams WHERE stream_id = v_stream), 0);
          RETURN;
        END IF;
        INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT v_stream, v_base + e.n, (e.value->>'id')::uuid, e.value->>'type', (e.value->>'schemaVersion')::integer,
               e.value->'data', a->'metadata'
        FROM jsonb_array_elements(a->'events') WITH ORDINALITY AS e(value, n)
        ORDER BY e.n;
        r_duplicate := false;
        r_next_version := v_base + v_count;
        r_position := lpad(pg_current_xact_id()::text, 20, '0') || '-'
          || lpad(currval('events_global_position_seq')::text, 20, '0');
        INSERT INTO commands (command_id, stream_id, next_version, position) VALUES (v_command, v_stream, r_next_version, r_position);
      END
      $fn$;
    `,
  },
];

export const EVENTS_CHANNEL = "crm_events";

/** How an append fails when a concurrent transaction recorded its command id first (since migration 004). */
export const COMMAND_TAKEN = { sqlState: "23505", constraint: "commands_pkey" } as const;
