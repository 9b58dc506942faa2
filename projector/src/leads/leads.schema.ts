import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { leads, leadStageCounts, type LeadsRow } from "@crm/contracts/read-models/leads";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";

/** What the projection writes: every column but search (Postgres computes it), card included. */
export const LEAD_WRITE_COLUMNS = sqlTypes(leads);

/** What a batch loads and folds: every written column but the card, which is rendered from the rest when written (lead-card.ts). */
const { card: _card, ...loaded } = LEAD_WRITE_COLUMNS;
export const LEAD_COLUMNS = loaded;

export type LeadRow = Omit<LeadsRow, "card">;

/**
 * The tables as contracts/src/read-models/leads.ts declares them, with what a declaration does not
 * say (indexes, seed rows) beside them: these run whenever the tables are built, so a name they get
 * wrong fails every build.
 * lead_stage_counts holds how many leads each stage has, moved with every write; each stage has
 * its row from the start, so a rebuild and the live runner leave the same rows.
 */
export const LEADS_DDL = `
  ${createTableSql(leads)}
  CREATE INDEX leads_board ON leads (stage, rank);
  ${createTableSql(leadStageCounts)}
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
