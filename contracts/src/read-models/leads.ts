import type { LEAD_PRIORITIES, LeadStageName } from "../lead/stages.ts";
import { integer, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/**
 * One row per open lead: what the board, the lead page, search and stats read (projector/src/leads).
 * rank orders the cards of a column (decisions/005) and compares byte-wise, hence COLLATE "C".
 * card is the lead's JSON as the API sends it, so the board is a concatenation (decisions/024).
 * search is the lower-cased haystack for ?search=, a substring match that a pg_trgm index answers
 * (decisions/006).
 */
export const leads = table("leads", {
  id: uuid().primaryKey(),
  name: text(),
  business: text(),
  email: text(),
  phone: text().nullable(),
  stage: text().as<LeadStageName>(),
  source: text().nullable(),
  priority: text().as<(typeof LEAD_PRIORITIES)[number]>(),
  proposal_link: text().nullable(),
  contract_status: text().nullable(),
  notes: text().nullable(),
  last_activity: text().nullable(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  created_by: text(),
  assigned_to: text().nullable(),
  creative_director_id: uuid().nullable(),
  version: integer(),
  rank: text().collate("C"),
  card: text(),
  search: text().nullable().generated("lower(name || ' ' || business || ' ' || email)"),
});

/** How many leads each stage has, moved with every write, so neither the board nor the stats count a column by scanning it. */
export const leadStageCounts = table("lead_stage_counts", {
  stage: text().primaryKey().as<LeadStageName>(),
  leads: integer(),
});

export type LeadsRow = RowOf<typeof leads>;
export type LeadStageCountRow = RowOf<typeof leadStageCounts>;

/** The tables of the leads read model. */
export const LEADS_TABLES = [leads, leadStageCounts] as const;
