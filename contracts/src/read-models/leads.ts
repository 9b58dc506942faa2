import type { LEAD_PRIORITIES, LeadStageName, LeadStatus } from "../lead/stages.ts";
import type { EmailUndeliverable } from "../lead/undeliverable.ts";
import { bigint, integer, jsonb, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/** The columns every lead row has, open (leads) or closed (closed_leads). */
const LEAD_ROW_COLUMNS = {
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
  /** The deal's owner (issue 31): the creator until a LeadOwnerChanged names another. */
  assigned_to: text().nullable(),
  creative_director_id: uuid().nullable(),
  /** The deal: value in minor units, expected close date (YYYY-MM-DD), own probability (null: the stage's default). */
  value_minor: bigint().nullable(),
  expected_close_on: text().nullable(),
  probability: integer().nullable(),
  /** When it first reached Contract Signed or later; never set twice. */
  won_at: timestamptz().nullable(),
  /** The email while mail to it bounces for good (issue 33): address, status, reason, at; null once the email is edited. */
  email_undeliverable: jsonb().nullable().as<EmailUndeliverable>(),
  version: integer(),
  rank: text().collate("C"),
  card: text(),
  /** name, business and email folded by contracts/src/lead/fold.ts (accent- and case-blind), written by the projector. */
  search: text(),
} as const;

/**
 * One row per open lead: what the board, the lead page, search and stats read (projector/src/leads).
 * rank orders the cards of a column (decisions/005) and compares byte-wise, hence COLLATE "C".
 * card is the lead's JSON as the API sends it, so the board is a concatenation (decisions/024).
 * search is the lower-cased haystack for ?search=, a substring match that a pg_trgm index answers
 * (decisions/006).
 */
export const leads = table("leads", LEAD_ROW_COLUMNS);

/**
 * One row per lead closed as lost or archived (issue 31): the same columns as leads, and where it
 * stands. Closed leads live in their own table rather than in leads under a status column so that
 * every reader of leads (board, list, stats, onboarding, creative clients, the command service's
 * lookups by email) still means the open leads without a filter it could forget, and the board's
 * indexes and counts hold open leads only; a Creative Director's access reads both tables. The projection moves a
 * row between the two tables as LeadLost, LeadReopened, LeadArchived and LeadRestored come.
 * lost_* is what it was lost with (kept while archived, so a restore returns it to the lost);
 * closed_at is when it entered its status (the Lost and Archived views sort by it).
 */
export const closedLeads = table("closed_leads", {
  ...LEAD_ROW_COLUMNS,
  status: text().as<Exclude<LeadStatus, "open">>(),
  closed_at: timestamptz(),
  lost_at: timestamptz().nullable(),
  lost_reason: text().nullable(),
  lost_note: text().nullable(),
});

/**
 * How many open leads each stage has and what they are worth, moved with every write, so neither
 * the board nor the stats count a column by scanning it. value_sum: their values; the weighted
 * value (value x probability / 100, rounded per lead) is explicit_weighted_sum (leads with their
 * own probability, rounded each) plus the part of the leads that follow the stage's default,
 * whose probability lives in the agency's settings and may change at any time: default_value_sum,
 * weighted at read time with the settings' default and rounded once for the column (see the read
 * API's boardJson).
 */
export const leadStageCounts = table("lead_stage_counts", {
  stage: text().primaryKey().as<LeadStageName>(),
  leads: integer(),
  value_sum: bigint().default("0"),
  explicit_weighted_sum: bigint().default("0"),
  default_value_sum: bigint().default("0"),
});

export type LeadsRow = RowOf<typeof leads>;
export type ClosedLeadsRow = RowOf<typeof closedLeads>;
export type LeadStageCountRow = RowOf<typeof leadStageCounts>;

/** The tables of the leads read model. */
export const LEADS_TABLES = [leads, closedLeads, leadStageCounts] as const;
