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
];

export const EVENTS_CHANNEL = "crm_events";
