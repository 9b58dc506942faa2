import type { Migration } from "../db/migrations.ts";

export const reactorMigrations: Migration[] = [
  {
    id: "reactor/001-checkpoints",
    sql: `
      CREATE TABLE reactor_checkpoints (
        name        text PRIMARY KEY,
        position    text NOT NULL,
        owner       text,
        lease_until timestamptz,
        updated_at  timestamptz NOT NULL DEFAULT now(),
        last_error  text
      );
    `,
  },
];
