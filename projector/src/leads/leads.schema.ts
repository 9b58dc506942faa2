import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { Columns } from "../sql.ts";

/** One row per open lead: what the board, the lead page, search and stats read. */
export const LEAD_COLUMNS = {
  id: "uuid",
  name: "text",
  business: "text",
  email: "text",
  phone: "text",
  stage: "text",
  source: "text",
  priority: "text",
  proposal_link: "text",
  contract_status: "text",
  notes: "text",
  last_activity: "text",
  created_at: "timestamptz",
  updated_at: "timestamptz",
  created_by: "text",
  assigned_to: "text",
  creative_director_id: "uuid",
  version: "integer",
  rank: "text",
} as const satisfies Columns;

/** What the projection writes: the columns, and each lead rendered as the API sends it (lead-card.ts). */
export const LEAD_WRITE_COLUMNS = { ...LEAD_COLUMNS, card: "text" } as const satisfies Columns;

type Required = "id" | "name" | "business" | "email" | "stage" | "priority" | "created_at" | "updated_at" | "created_by" | "rank";
export type LeadRow = {
  -readonly [K in keyof typeof LEAD_COLUMNS]: K extends "version" ? number : K extends Required ? string : string | null;
};

/**
 * rank orders the cards of a column (decisions/005) and compares byte-wise, hence COLLATE "C".
 * search is the lower-cased haystack for ?search=, a substring match (LIKE '%…%') that a pg_trgm
 * index answers without reading every lead (decisions/006). card is the lead's JSON as the API
 * sends it, so the board is a concatenation (decisions/024). lead_stage_counts holds how many
 * leads each stage has, moved with every write, so neither the board nor the stats count a column
 * by scanning it; each stage has its row from the start, so a rebuild and the live runner leave
 * the same rows.
 */
export const LEADS_DDL = `
  CREATE TABLE leads (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    business text NOT NULL,
    email text NOT NULL,
    phone text,
    stage text NOT NULL,
    source text,
    priority text NOT NULL,
    proposal_link text,
    contract_status text,
    notes text,
    last_activity text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    created_by text NOT NULL,
    assigned_to text,
    creative_director_id uuid,
    version integer NOT NULL,
    rank text COLLATE "C" NOT NULL,
    card text NOT NULL,
    search text GENERATED ALWAYS AS (lower(name || ' ' || business || ' ' || email)) STORED
  );
  CREATE INDEX leads_board ON leads (stage, rank);
  CREATE TABLE lead_stage_counts (
    stage text PRIMARY KEY,
    leads integer NOT NULL
  );
  INSERT INTO lead_stage_counts (stage, leads) VALUES ${LEAD_STAGES.map((stage) => `('${stage.replaceAll("'", "''")}', 0)`).join(", ")};
`;

/**
 * The API looks leads up by email, by creative director and by any part of name, business or
 * email; the handlers never do. The trigram operator class lives in public (checkpoints.ts's
 * migration), while a rebuild creates these in a shadow schema.
 */
export const LEADS_READER_INDEXES = `
  CREATE INDEX leads_email ON leads (lower(email));
  CREATE INDEX leads_search ON leads USING gin (search public.gin_trgm_ops);
  CREATE INDEX leads_director ON leads (creative_director_id) WHERE creative_director_id IS NOT NULL;
`;
