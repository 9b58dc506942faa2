/**
 * The Reports page's answers (docs/product.md, "Reports"): what GET /api/reports/* declare in
 * `responses`, each a JSON document an agency may pull into its own spreadsheets. zod/mini, so the
 * browser parses them for a few kilobytes. Days are the agency's calendar days (YYYY-MM-DD), months
 * "YYYY-MM", instants ISO 8601, money minor units of the agency's currency, durations days.
 */
import { z } from "zod/mini";
import { LEAD_PRIORITIES, LEAD_STAGES } from "../lead/stages.ts";

const Stage = z.enum(LEAD_STAGES);
const Day = z.string();
const Month = z.string();

/** The kinds of work the activity report counts per person. */
export const ACTIVITY_KINDS = ["call", "meeting", "email", "sms"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What every report says about the span it covers: the days asked for, in the zone they were cut in. */
export const ReportPeriod = z.object({ from: Day, to: Day, timeZone: z.string() });
export type ReportPeriod = z.infer<typeof ReportPeriod>;

/**
 * The funnel: of the leads that entered a stage in the period, how many went on to reach each later
 * stage (at any time since, a jump over a stage reaching it too), and how many were won and lost.
 */
export const FunnelReport = z.object({
  period: ReportPeriod,
  stages: z.array(
    z.object({
      stage: Stage,
      entered: z.int(),
      /** For each later stage, in order: how many of those that entered `stage` reached it. */
      reached: z.array(z.object({ stage: Stage, count: z.int() })),
      won: z.int(),
      lost: z.int(),
    }),
  ),
});
export type FunnelReport = z.infer<typeof FunnelReport>;

/** A lead that has been in its stage long: the slowest open leads of each stage. */
export const SlowLead = z.object({ id: z.uuid(), name: z.string(), business: z.string(), enteredAt: z.string(), days: z.number() });
export type SlowLead = z.infer<typeof SlowLead>;

/**
 * Time in stage: of the stays in each stage that ended in the period, how long they lasted (median
 * and 90th percentile, in days; null when none ended), and the open leads that have been there longest.
 */
export const TimeInStageReport = z.object({
  period: ReportPeriod,
  stages: z.array(
    z.object({
      stage: Stage,
      ended: z.int(),
      medianDays: z.nullable(z.number()),
      p90Days: z.nullable(z.number()),
      /** How many open leads are in the stage now. */
      open: z.int(),
      slowest: z.array(SlowLead),
    }),
  ),
});
export type TimeInStageReport = z.infer<typeof TimeInStageReport>;

/** How many deals, and the median days from creation to won. */
const Velocity = { won: z.int(), medianDays: z.nullable(z.number()) };

/** Velocity: the deals won in the period, median days from New Lead to Contract Signed, by month of the win, by source and by owner. */
export const VelocityReport = z.object({
  period: ReportPeriod,
  overall: z.object(Velocity),
  byMonth: z.array(z.object({ month: Month, ...Velocity })),
  bySource: z.array(z.object({ source: z.nullable(z.string()), ...Velocity })),
  byOwner: z.array(z.object({ ownerId: z.nullable(z.string()), ...Velocity })),
});
export type VelocityReport = z.infer<typeof VelocityReport>;

/** Deals won and lost in the period, and the share won (null when none closed). */
const Outcome = { won: z.int(), lost: z.int(), winRate: z.nullable(z.number()) };

/** Win rate: the deals closed in the period, won against lost, by source and by owner, and why the lost were lost. */
export const WinRateReport = z.object({
  period: ReportPeriod,
  overall: z.object(Outcome),
  bySource: z.array(z.object({ source: z.nullable(z.string()), ...Outcome })),
  byOwner: z.array(z.object({ ownerId: z.nullable(z.string()), ...Outcome })),
  lostReasons: z.array(z.object({ reason: z.string(), count: z.int() })),
});
export type WinRateReport = z.infer<typeof WinRateReport>;

/** Open deals due to close in a month: how many, their value, and their value weighted by probability. */
const Pipeline = { count: z.int(), valueMinor: z.int(), weightedMinor: z.int() };

/**
 * Forecast: the open deals' value by expected close month (from this month on; an earlier date is
 * overdue and counts in this month), weighted by each lead's probability or its stage's default,
 * beside the value won in each month of the last four quarters.
 */
export const ForecastReport = z.object({
  currency: z.string(),
  months: z.array(z.object({ month: Month, ...Pipeline })),
  /** Open deals with no expected close date. */
  undated: z.object(Pipeline),
  actuals: z.array(z.object({ month: Month, won: z.int(), valueMinor: z.int() })),
});
export type ForecastReport = z.infer<typeof ForecastReport>;

/** Activity volume: per person and week of the period, the calls logged, meetings scheduled, mails and texts sent. */
export const ActivityReport = z.object({
  period: ReportPeriod,
  rows: z.array(
    z.object({
      /** The week's first day (the agency's week start). */
      week: Day,
      userId: z.string(),
      call: z.int(),
      meeting: z.int(),
      email: z.int(),
      sms: z.int(),
    }),
  ),
});
export type ActivityReport = z.infer<typeof ActivityReport>;

/** An open lead with no activity for longer than its stage allows. */
export const StaleLead = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  stage: Stage,
  ownerId: z.nullable(z.string()),
  lastActivityAt: z.string(),
  idleDays: z.int(),
  limitDays: z.int(),
});
export type StaleLead = z.infer<typeof StaleLead>;

/** GET /api/leads/stale: the stale open leads, longest idle first. */
export const StaleLeads = z.object({ leads: z.array(StaleLead) });
export type StaleLeads = z.infer<typeof StaleLeads>;

/** A card of the board as it stood on a past day. */
export const PastCard = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  priority: z.enum(LEAD_PRIORITIES),
  ownerId: z.nullable(z.string()),
  valueMinor: z.nullable(z.int()),
  enteredStageAt: z.string(),
  /**
   * With ?since=: where the card stood at the end of that day: a stage, "absent" (not on the board:
   * not yet created, lost or archived), or null when it stood in the same column.
   */
  movedFrom: z.optional(z.nullable(z.union([Stage, z.literal("absent")]))),
});
export type PastCard = z.infer<typeof PastCard>;

/**
 * GET /api/leads/board/past: the board at the end of a day in the agency's zone (read-only), each
 * column's count, value and weighted value (by each lead's probability then, or the stage's default
 * now) and every card, newest in the column first; with ?since=, the leads that left the board between.
 */
export const PastBoard = z.object({
  day: Day,
  /** The instant the board is shown at: the end of `day` in `timeZone`. */
  asOf: z.string(),
  timeZone: z.string(),
  since: z.nullable(Day),
  columns: z.array(z.object({ stage: Stage, count: z.int(), valueMinor: z.int(), weightedMinor: z.int(), leads: z.array(PastCard) })),
  /** With ?since=: the leads on the board at the end of `since` that were not on it at `asOf`, and where they went. */
  left: z.array(
    z.object({ id: z.uuid(), name: z.string(), business: z.string(), stage: Stage, now: z.enum(["lost", "archived"]) }),
  ),
});
export type PastBoard = z.infer<typeof PastBoard>;
