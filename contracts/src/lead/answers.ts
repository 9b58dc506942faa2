/**
 * The lead area's answers: what its routes declare in `responses` (the lead, the board, the stats,
 * an import's outcome). Answers are written with zod/mini (tree-shakable, a few KB) so the browser can
 * parse them cheaply; this module imports no zod classic (the queries and events, in lead.ts and
 * events.ts, do). Both build their enums from the constants in stages.ts.
 */
import { z } from "zod/mini";
import { LEAD_PRIORITIES, LEAD_STAGES, LEAD_STATUSES } from "./stages.ts";
import { EmailUndeliverable } from "./undeliverable.ts";

const Stage = z.enum(LEAD_STAGES);

/** The lead as the read API returns it (board and detail). */
export const Lead = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  stage: Stage,
  source: z.nullable(z.string()),
  priority: z.enum(LEAD_PRIORITIES),
  proposalLink: z.nullable(z.string()),
  contractStatus: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  lastActivity: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  /** The deal's owner, a staff account (docs/product.md, "Deals"); the creator unless reassigned. */
  assignedTo: z.nullable(z.string()),
  creativeDirectorId: z.nullable(z.string()),
  /** The deal's value in minor units of the agency's currency (cents for USD); null when not set. */
  valueMinor: z.nullable(z.int()),
  /** YYYY-MM-DD. */
  expectedCloseOn: z.nullable(z.string()),
  /** Percent, set on this lead; null follows the stage's default in the agency's settings. */
  probability: z.nullable(z.int()),
  /** When it first reached Contract Signed (or later); kept through every later move. */
  wonAt: z.nullable(z.string()),
  /** Open on the board, closed as lost (the Lost view), or archived (the Archived view). */
  status: z.enum(LEAD_STATUSES),
  /** When it was lost or archived; null while open. */
  closedAt: z.nullable(z.string()),
  /** Why it was lost (one of the agency's reasons) and the free text beside it; null unless lost. */
  lostReason: z.nullable(z.string()),
  lostNote: z.nullable(z.string()),
  /** Set while mail to the lead's email bounces for good (docs/product.md, "Replies"); an edit of the email clears it. */
  emailUndeliverable: z.nullable(EmailUndeliverable),
  version: z.int(),
});
export type Lead = z.infer<typeof Lead>;

/**
 * One column of the board: its stage, how many leads match in all, their total value and their value
 * weighted by each lead's probability (minor units), and the first of them in rank order.
 */
export const BoardColumn = z.object({ stage: Stage, count: z.int(), valueMinor: z.int(), weightedMinor: z.int(), leads: z.array(Lead) });
export type BoardColumn = z.infer<typeof BoardColumn>;

/** GET /api/leads/board: the ten columns in stage order, each with its first page of leads. */
export const LeadBoard = z.object({ columns: z.array(BoardColumn) });
export type LeadBoard = z.infer<typeof LeadBoard>;

export const Stats = z.object({
  newLeads: z.int(),
  contractsPending: z.int(),
  onboardingInProgress: z.int(),
  clientsAssigned: z.int(),
});
export type Stats = z.infer<typeof Stats>;

/** How many weeks the dashboard's chart of new leads shows, this week last. */
export const CHART_WEEKS = 8;

/**
 * GET /api/stats/pipeline: the dashboard's charts, counted by the server. Every open lead by stage (all ten,
 * in pipeline order), and the open leads created in each of the last CHART_WEEKS weeks (Monday-based, in
 * the reader's zone, oldest first).
 */
export const PipelineCharts = z.object({
  byStage: z.array(z.object({ stage: Stage, count: z.int() })),
  newPerWeek: z.array(z.object({ weekStart: z.iso.date(), count: z.int() })),
});
export type PipelineCharts = z.infer<typeof PipelineCharts>;

export const ImportRowStatus = z.enum(["created", "updated", "error"]);

/** What a row sets beyond the contact's details, as the import read it (the preview lists it); absent cells are left out. */
export const ImportRowSets = z.object({
  stage: z.optional(Stage),
  /** The colleague the cell named: their id and display name. */
  owner: z.optional(z.object({ id: z.string(), name: z.string() })),
  valueMinor: z.optional(z.int()),
  expectedCloseOn: z.optional(z.string()),
  probability: z.optional(z.int()),
  source: z.optional(z.string()),
});
export type ImportRowSets = z.infer<typeof ImportRowSets>;

/** The outcome of one CSV row; line is where the record starts in the file (the header is line 1). */
export const ImportRowResult = z.object({
  line: z.int(),
  status: ImportRowStatus,
  reason: z.optional(z.string()),
  leadId: z.optional(z.string()),
  set: z.optional(ImportRowSets),
});
export type ImportRowResult = z.infer<typeof ImportRowResult>;

/** What POST /api/leads/import answers; position is the log position to wait for (absent on a dry run). */
export const ImportResult = z.object({
  dryRun: z.boolean(),
  created: z.int(),
  updated: z.int(),
  errors: z.int(),
  rows: z.array(ImportRowResult),
  position: z.optional(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** What became of each lead of a bulk reassignment. */
export const REASSIGN_STATUSES = ["reassigned", "unchanged", "not found", "closed"] as const;

/** POST /api/leads/reassign: what came of each lead, in the order asked, and the log position to read them at. */
export const ReassignLeadsResult = z.object({
  position: z.string(),
  results: z.array(z.object({ leadId: z.string(), status: z.enum(REASSIGN_STATUSES) })),
});
export type ReassignLeadsResult = z.infer<typeof ReassignLeadsResult>;
