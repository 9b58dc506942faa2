import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { LeadStatus } from "@crm/contracts/lead/stages";
import { closedLeads, leads, leadStageCounts, type ClosedLeadsRow } from "@crm/contracts/read-models/leads";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";

/** What the projection writes into leads: every column, card and folded search included. */
export const LEAD_WRITE_COLUMNS = sqlTypes(leads);
/** What it writes into closed_leads: the same, and where the lead stands. */
export const CLOSED_WRITE_COLUMNS = sqlTypes(closedLeads);

/** What a batch loads and folds: every written column but the card and search, which are rendered from the rest when written (lead-card.ts). */
const { card: _card, search: _search, ...loaded } = LEAD_WRITE_COLUMNS;
export const LEAD_COLUMNS = loaded;
/** The columns only closed_leads has, null (and status open) for an open lead's row. */
export const CLOSED_ONLY_COLUMNS = ["status", "closed_at", "lost_at", "lost_reason", "lost_note"] as const;

/** A lead as a batch holds it, open or closed: which table it is written to follows status. */
export type LeadRow = Omit<ClosedLeadsRow, "card" | "search" | "status" | "closed_at"> & { status: LeadStatus; closed_at: string | null };

/**
 * The tables as contracts/src/read-models/leads.ts declares them, with what a declaration does not
 * say (indexes, seed rows) beside them: these run whenever the tables are built, so a name they get
 * wrong fails every build.
 * lead_stage_counts holds how many open leads each stage has and their value sums, moved with
 * every write; each stage has its row from the start, so a rebuild and the live runner leave the
 * same rows.
 */
export const LEADS_DDL = `
  ${createTableSql(leads)}
  CREATE INDEX leads_board ON leads (stage, rank);
  ${createTableSql(closedLeads)}
  CREATE INDEX closed_leads_view ON closed_leads (status, closed_at DESC, id);
  ${createTableSql(leadStageCounts)}
  INSERT INTO lead_stage_counts (stage, leads) VALUES ${LEAD_STAGES.map((stage) => `('${stage.replaceAll("'", "''")}', 0)`).join(", ")};
`;

/**
 * The API looks leads up by email, by creative director, by owner and by any part of name,
 * business or email (folded: see contracts/src/lead/fold.ts); the handlers never do. The trigram
 * operator class lives in public (checkpoints.ts's migration), while a rebuild creates these in a
 * shadow schema. The Lost and Archived views search closed_leads the same way.
 */
export const LEADS_READER_INDEXES = `
  CREATE INDEX leads_email ON leads (lower(email));
  CREATE INDEX leads_search ON leads USING gin (search public.gin_trgm_ops);
  CREATE INDEX leads_director ON leads (creative_director_id) WHERE creative_director_id IS NOT NULL;
  CREATE INDEX leads_owner ON leads (assigned_to);
  CREATE INDEX closed_leads_search ON closed_leads USING gin (search public.gin_trgm_ops);
`;
