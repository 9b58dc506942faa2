import type { LEAD_PRIORITIES, LeadStageName, LeadStatus } from "../lead/stages.ts";
import type { ActivityKind } from "../reports/reports.ts";
import { bigint, integer, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/**
 * The reports read model (docs/product.md, "Reports"; decisions/062): facts kept from the whole log,
 * so a report added or changed later is exact over all of history once the model is rebuilt.
 * Every instant is the event's own (metadata.at), never the time it was projected.
 */

/**
 * One row per lead, open, lost or archived: what the reports filter and group by (the lead's
 * current owner, source and priority), its outcome, and when it last saw activity (the stale flag).
 */
export const reportLeads = table("report_leads", {
  lead_id: uuid().primaryKey(),
  name: text(),
  business: text(),
  stage: text().as<LeadStageName>(),
  status: text().as<LeadStatus>(),
  owner: text().nullable(),
  source: text().nullable(),
  priority: text().as<(typeof LEAD_PRIORITIES)[number]>(),
  value_minor: bigint().nullable(),
  expected_close_on: text().nullable(),
  probability: integer().nullable(),
  created_at: timestamptz(),
  /** When the deal was won (first reached Contract Signed or later); never set twice. */
  won_at: timestamptz().nullable(),
  /** When it was lost, and why; cleared by a reopen (kept through an archive). */
  lost_at: timestamptz().nullable(),
  lost_reason: text().nullable(),
  /** When it entered the stage it is in. */
  stage_entered_at: timestamptz(),
  /** The last activity on the lead: created, a stage change, a logged activity, a meeting, a mail or text sent, a reply. */
  last_touch_at: timestamptz(),
  /**
   * Where the lead's latest rows in the other tables are, so a batch loads one row per lead: the
   * number of its last stay (report_stage_visits; open while the lead is), and the version and start
   * of its current card state (report_lead_states), whose other values are this row's.
   */
  visit: integer(),
  state_version: integer(),
  state_from: timestamptz(),
});

/**
 * One row per stay of a lead in a pipeline stage, open or ended: entered when it was created in,
 * moved to, reopened in or restored to the stage; left when it moved on, was lost or archived
 * (left_at null: it is there now). The funnel and the time in stage count these.
 */
export const reportStageVisits = table(
  "report_stage_visits",
  {
    lead_id: uuid(),
    /** 1, 2, … per lead, in the order of its stays. */
    visit: integer(),
    stage: text().as<LeadStageName>(),
    entered_at: timestamptz(),
    left_at: timestamptz().nullable(),
  },
  { primaryKey: ["lead_id", "visit"] },
);

/**
 * The board as it stood at any instant: one row per state a lead's card had, from valid_from until
 * valid_to (null: still so). A new row begins at each event that changes what a card shows or
 * where it stands: stage, status, name, business, value, probability, owner, priority, source.
 */
export const reportLeadStates = table(
  "report_lead_states",
  {
    lead_id: uuid(),
    /** The lead stream's version of the event the state began with. */
    version: integer(),
    valid_from: timestamptz(),
    valid_to: timestamptz().nullable(),
    stage: text().as<LeadStageName>(),
    status: text().as<LeadStatus>(),
    name: text(),
    business: text(),
    value_minor: bigint().nullable(),
    probability: integer().nullable(),
    owner: text().nullable(),
    priority: text().as<(typeof LEAD_PRIORITIES)[number]>(),
    source: text().nullable(),
    /** When it entered this stage: the past board orders each column's cards by it, newest on top. */
    stage_entered_at: timestamptz(),
  },
  { primaryKey: ["lead_id", "version"] },
);

/** One row per piece of work a colleague did on a lead: a logged call, a meeting scheduled, a mail or text sent. */
export const reportActivities = table("report_activities", {
  /** The log position of the event: one row per event. */
  position: text().primaryKey().collate("C"),
  actor: text(),
  kind: text().as<ActivityKind>(),
  at: timestamptz(),
  lead_id: uuid(),
});

export type ReportLeadRow = RowOf<typeof reportLeads>;
export type ReportStageVisitRow = RowOf<typeof reportStageVisits>;
export type ReportLeadStateRow = RowOf<typeof reportLeadStates>;
export type ReportActivityRow = RowOf<typeof reportActivities>;

/** The tables of the reports read model. */
export const REPORTS_TABLES = [reportLeads, reportStageVisits, reportLeadStates, reportActivities] as const;
