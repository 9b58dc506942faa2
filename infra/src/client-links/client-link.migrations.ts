import type { Migration } from "../db/migrations.ts";

/**
 * Which lead a client link's token hash belongs to (decisions/038). Only an index: the lead's
 * client-link stream says whether the link is live, so a row written for an append that then
 * failed opens nothing. Rows hold hashes, never tokens.
 */
export const clientLinkMigrations: Migration[] = [
  {
    id: "client-links/001-token-index",
    sql: `
      CREATE TABLE client_link_tokens (
        token_hash text PRIMARY KEY,
        lead_id    uuid NOT NULL,
        link_id    uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
