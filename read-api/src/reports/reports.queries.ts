import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { reportActivities, reportLeads, reportStageVisits } from "@crm/contracts/read-models/reports";
import { addMonths, type Bucket } from "@crm/contracts/reports/period";
import type { ReportFilter } from "@crm/contracts/reports/queries";
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  type ActivityReport,
  type ForecastReport,
  type FunnelReport,
  type TimeInStageReport,
  type VelocityReport,
  type WinRateReport,
} from "@crm/contracts/reports/reports";
import type { Queryable } from "@crm/infra/db/database";
import { reportFilterSql } from "./report-reads.ts";

/**
 * The Reports page's figures (docs/product.md, "Reports"), each counted by Postgres over the reports
 * read model in one or two set-based statements. Calendar cuts (the period, its weeks and months)
 * come in as instants computed in the agency's zone by contracts/src/reports/period.ts, so the
 * answer does not depend on the database's time zone; durations are exact seconds between
 * instants, in days, and rounded in numeric (half away from zero) rather than in floating point.
 */

/** The instants a period spans: [start, end). */
export interface Span {
  start: string;
  end: string;
}

const l = reportLeads.as("l");
const v = reportStageVisits.as("v");
const a = reportActivities.as("a");

/** Seconds between two instants, as days: `days("v.left_at", "v.entered_at")`. */
const days = (later: string, earlier: string) => `((extract(epoch FROM ${later}) - extract(epoch FROM ${earlier})) / 86400)::float8`;
/** A number of days rounded to 2 decimals, as a float the driver reads as a number (null stays null). */
const round2 = (sql: string) => `round((${sql})::numeric, 2)::float8`;

/**
 * Which leads a report counts (alias l): none archived now, and those matching the filter on their
 * current owner, source and priority. Its values are numbered after the params already given.
 */
function scope(filter: ReportFilter, params: unknown[]): string {
  return `l.status <> 'archived' AND ${reportFilterSql(filter, "l", params)}`;
}

/** The bounds width_bucket cuts by: each bucket's start, then the last one's end (bucket i + 1 is buckets[i]). */
const bounds = (buckets: readonly Bucket[]) => [...buckets.map((b) => b.start), buckets.at(-1)!.end];

/** "YYYY-MM" of a month bucket's first day. */
const monthOf = (bucket: Bucket) => bucket.day.slice(0, 7);

/** Groups ordered by how many they hold, most first, then by key (null last). */
function byCountThenKey<T>(count: (row: T) => number, key: (row: T) => string | null) {
  return (x: T, y: T) => {
    const diff = count(y) - count(x);
    if (diff !== 0) return diff;
    const [kx, ky] = [key(x), key(y)];
    if (kx === ky) return 0;
    if (kx === null) return 1;
    if (ky === null) return -1;
    return kx < ky ? -1 : 1;
  };
}

/**
 * The funnel. Each stage's cohort is the leads with a stay in it entered in the period, each from its
 * first such entry (e). How far a lead got since is the furthest stage of its stays entered at or after
 * e (a skipped stage counts as reached when a later one is): for every stay, a window over the lead's
 * stays from the latest back takes that furthest stage, so no stay is looked up once per cohort lead.
 * One statement counts each cohort by that furthest stage, with how many were won and lost since e; the
 * counts of "reached" are summed from there. Stages are their 1-based places in LEAD_STAGES throughout,
 * so every sort and group is on integers.
 */
export async function funnel(q: Queryable, span: Span, filter: ReportFilter): Promise<FunnelReport["stages"]> {
  const params: unknown[] = [LEAD_STAGES, span.start, span.end];
  const where = scope(filter, params);
  const { rows } = await q.query<{ stage: number; reach: number; leads: number; won: number; lost: number }>(
    `WITH stays AS (
       SELECT v.lead_id, array_position($1::text[], v.stage) AS stage, v.entered_at, l.won_at, l.lost_at,
              -- From the latest stay back: a running max, so each row adds one stay to it (a frame from the
              -- current row forward has no inverse for max and restarts at every row: 3 s over a year).
              max(array_position($1::text[], v.stage)) OVER (PARTITION BY v.lead_id ORDER BY v.entered_at DESC) AS reach
       FROM ${v} JOIN ${l} ON l.lead_id = v.lead_id
       WHERE v.entered_at >= $2 AND ${where}
         AND EXISTS (SELECT 1 FROM ${reportStageVisits} cohort WHERE cohort.lead_id = v.lead_id AND cohort.entered_at >= $2 AND cohort.entered_at < $3)
     ), firsts AS (
       -- A lead's first stay in the stage reaches at least as far as its later ones: the most is the first's.
       SELECT s.stage, min(s.entered_at) AS e, max(s.reach) AS reach, s.won_at, s.lost_at
       FROM stays s WHERE s.entered_at < $3 GROUP BY s.stage, s.lead_id, s.won_at, s.lost_at
     )
     SELECT stage, reach, count(*)::int AS leads,
            count(*) FILTER (WHERE won_at >= e)::int AS won, count(*) FILTER (WHERE lost_at >= e)::int AS lost
     FROM firsts
     GROUP BY stage, reach`,
    params,
  );
  return LEAD_STAGES.map((stage, i) => {
    const cohort = rows.filter((row) => row.stage === i + 1);
    const sum = (pick: (row: (typeof rows)[number]) => number, of = cohort) => of.reduce((n, row) => n + pick(row), 0);
    return {
      stage,
      entered: sum((row) => row.leads),
      // Stage j (0-based) is reached by the leads whose furthest stage is j + 1 or more.
      reached: LEAD_STAGES.slice(i + 1).map((later, k) => ({
        stage: later,
        count: sum(
          (row) => row.leads,
          cohort.filter((row) => row.reach >= i + k + 2),
        ),
      })),
      won: sum((row) => row.won),
      lost: sum((row) => row.lost),
    };
  });
}

/** How many of the slowest open leads each stage lists. */
export const SLOWEST_PER_STAGE = 5;

/**
 * Time in stage: the stays that ended in the period, per stage (how many, median and 90th percentile
 * of their length, continuous); and the open stays now, per stage (how many, and the ones entered
 * longest ago, with how long they have been there at `now`).
 */
export async function timeInStage(q: Queryable, span: Span, filter: ReportFilter, now: Date): Promise<TimeInStageReport["stages"]> {
  const endedParams: unknown[] = [LEAD_STAGES, span.start, span.end];
  const endedWhere = scope(filter, endedParams);
  const openParams: unknown[] = [LEAD_STAGES, now.toISOString(), SLOWEST_PER_STAGE];
  const openWhere = scope(filter, openParams);
  const [ended, open] = await Promise.all([
    // Grouped by the stage's place (an integer), both percentiles from one sort of each stage's lengths.
    q.query<{ stage: number; ended: number; median: number; p90: number }>(
      `SELECT stage, ended, ${round2("p[1]")} AS median, ${round2("p[2]")} AS p90
       FROM (
         SELECT array_position($1::text[], v.stage) AS stage, count(*)::int AS ended,
                percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY ${days("v.left_at", "v.entered_at")}) AS p
         FROM ${v} JOIN ${l} ON l.lead_id = v.lead_id
         WHERE v.left_at >= $2 AND v.left_at < $3 AND ${endedWhere}
         GROUP BY 1
       ) t`,
      endedParams,
    ),
    // Each stage's open stays: one per open lead, whose row holds the stay's stage and start (a lead
    // leaves its stay when lost or archived), so one pass over the open leads counts each stage and
    // numbers its stays by when they began. (Counting per stage against the stays joined to the
    // leads built the leads' hash ten times: 40 ms.)
    q.query<{ stage: LeadStageName; open: number; lead_id: string; name: string; business: string; entered_at: string; days: number }>(
      `SELECT stage, open, lead_id, name, business, entered_at, ${round2(days("$2::timestamptz", "entered_at"))} AS days
       FROM (
         SELECT l.stage, l.lead_id, l.name, l.business, l.stage_entered_at AS entered_at,
                count(*) OVER (PARTITION BY l.stage)::int AS open,
                row_number() OVER (PARTITION BY l.stage ORDER BY l.stage_entered_at, l.lead_id) AS place
         FROM ${l} WHERE l.status = 'open' AND ${openWhere}
       ) t
       WHERE place <= $3
       ORDER BY array_position($1::text[], stage), place`,
      openParams,
    ),
  ]);
  const endedOf = new Map(ended.rows.map((row) => [LEAD_STAGES[row.stage - 1], row]));
  return LEAD_STAGES.map((stage) => {
    const done = endedOf.get(stage);
    const here = open.rows.filter((row) => row.stage === stage);
    return {
      stage,
      ended: done?.ended ?? 0,
      medianDays: done?.median ?? null,
      p90Days: done?.p90 ?? null,
      open: here[0]?.open ?? 0,
      slowest: here.map((row) => ({ id: row.lead_id, name: row.name, business: row.business, enteredAt: row.entered_at, days: row.days })),
    };
  });
}

/** Which grouping set a row of a GROUPING SETS statement belongs to: the bits of the columns it does NOT group by. */
type Grouping = number;

/**
 * Velocity: the leads won in the period, days from creation to the win, counted and their median taken
 * overall, by month of the win (the period's months in the agency's zone, each listed), by source and
 * by owner: one statement, one grouping set each.
 */
export async function velocity(
  q: Queryable,
  span: Span,
  months: readonly Bucket[],
  filter: ReportFilter,
): Promise<Omit<VelocityReport, "period">> {
  const params: unknown[] = [span.start, span.end, bounds(months)];
  const where = scope(filter, params);
  const { rows } = await q.query<{
    g: Grouping;
    month: number | null;
    source: string | null;
    owner: string | null;
    won: number;
    median: number;
  }>(
    `SELECT GROUPING(w.month, w.source, w.owner)::int AS g, w.month, w.source, w.owner, count(*)::int AS won,
            ${round2("percentile_cont(0.5) WITHIN GROUP (ORDER BY w.days)")} AS median
     FROM (
       SELECT width_bucket(l.won_at, $3::timestamptz[]) AS month, l.source, l.owner, ${days("l.won_at", "l.created_at")} AS days
       FROM ${l} WHERE l.won_at >= $1 AND l.won_at < $2 AND ${where}
     ) w
     GROUP BY GROUPING SETS ((), (w.month), (w.source), (w.owner))`,
    params,
  );
  // GROUPING(month, source, owner): 0b111 for (), 0b011 by month, 0b101 by source, 0b110 by owner.
  const set = (g: Grouping) => rows.filter((row) => row.g === g);
  const figures = (row: { won: number; median: number } | undefined) => ({ won: row?.won ?? 0, medianDays: row?.median ?? null });
  const byMonth = new Map(set(0b011).map((row) => [row.month, row]));
  const order = byCountThenKey<{ won: number; key: string | null }>(
    (row) => row.won,
    (row) => row.key,
  );
  return {
    overall: figures(set(0b111)[0]),
    byMonth: months.map((month, i) => ({ month: monthOf(month), ...figures(byMonth.get(i + 1)) })),
    bySource: set(0b101)
      .map((row) => ({ key: row.source, ...figures(row) }))
      .sort(order)
      .map(({ key, ...rest }) => ({ source: key, ...rest })),
    byOwner: set(0b110)
      .map((row) => ({ key: row.owner, ...figures(row) }))
      .sort(order)
      .map(({ key, ...rest }) => ({ ownerId: key, ...rest })),
  };
}

/**
 * Win rate: the leads won in the period against those lost in it (a lead may be both), overall, by
 * source and by owner, and the reasons of the lost: one statement, one grouping set each. The share
 * is rounded to 4 decimals in numeric. Groups are ordered by how many closed, then by key.
 */
export async function winRate(q: Queryable, span: Span, filter: ReportFilter): Promise<Omit<WinRateReport, "period">> {
  const params: unknown[] = [span.start, span.end];
  const where = scope(filter, params);
  const won = "l.won_at >= $1 AND l.won_at < $2";
  const lost = "l.lost_at >= $1 AND l.lost_at < $2";
  const { rows } = await q.query<{
    g: Grouping;
    source: string | null;
    owner: string | null;
    reason: string | null;
    won: number;
    lost: number;
    rate: number | null;
  }>(
    `SELECT g, source, owner, reason, won, lost, round(won::numeric / nullif(won + lost, 0), 4)::float8 AS rate
     FROM (
       SELECT GROUPING(l.source, l.owner, l.lost_reason)::int AS g, l.source, l.owner, l.lost_reason AS reason,
              count(*) FILTER (WHERE ${won})::int AS won, count(*) FILTER (WHERE ${lost})::int AS lost
       FROM ${l}
       WHERE ((${won}) OR (${lost})) AND ${where}
       GROUP BY GROUPING SETS ((), (l.source), (l.owner), (l.lost_reason))
     ) t`,
    params,
  );
  const outcome = (row: { won: number; lost: number; rate: number | null } | undefined) => ({
    won: row?.won ?? 0,
    lost: row?.lost ?? 0,
    winRate: row?.rate ?? null,
  });
  const set = (g: Grouping) => rows.filter((row) => row.g === g);
  const order = byCountThenKey<{ won: number; lost: number; key: string | null }>(
    (row) => row.won + row.lost,
    (row) => row.key,
  );
  // GROUPING(source, owner, lost_reason): 0b111 for (), 0b011 by source, 0b101 by owner, 0b110 by reason.
  return {
    overall: outcome(set(0b111)[0]),
    bySource: set(0b011)
      .map((row) => ({ key: row.source, ...outcome(row) }))
      .sort(order)
      .map(({ key, ...rest }) => ({ source: key, ...rest })),
    byOwner: set(0b101)
      .map((row) => ({ key: row.owner, ...outcome(row) }))
      .sort(order)
      .map(({ key, ...rest }) => ({ ownerId: key, ...rest })),
    // The won-only leads make a group of no reason; a lost lead always has one.
    lostReasons: set(0b110)
      .filter((row): row is typeof row & { reason: string } => row.lost > 0 && row.reason !== null)
      .map((row) => ({ reason: row.reason, count: row.lost }))
      .sort(
        byCountThenKey(
          (row) => row.count,
          (row) => row.reason,
        ),
      ),
  };
}

/** How many months ahead the forecast always lists, after the current one. */
export const FORECAST_MONTHS_AHEAD = 5;

/**
 * Forecast: the open deals not yet won that have a value, by expected close month ("YYYY-MM"; an earlier
 * month counts in `current`, no date in `undated`), each weighted by its own probability or its stage's
 * default (`defaults`, in stage order), rounded half up per lead; and the deals won in each month of
 * `actualMonths` (count and value).
 */
export async function forecast(
  q: Queryable,
  current: string,
  defaults: readonly number[],
  actualMonths: readonly Bucket[],
  filter: ReportFilter,
): Promise<Omit<ForecastReport, "currency">> {
  const openParams: unknown[] = [LEAD_STAGES, defaults, current];
  const openWhere = scope(filter, openParams);
  const wonParams: unknown[] = [bounds(actualMonths), actualMonths[0]!.start, actualMonths.at(-1)!.end];
  const wonWhere = scope(filter, wonParams);
  const [open, won] = await Promise.all([
    q.query<{ month: string | null; count: number; value: string; weighted: string }>(
      `SELECT CASE WHEN l.expected_close_on IS NULL THEN NULL ELSE greatest(left(l.expected_close_on, 7), $3) END AS month,
              count(*)::int AS count, sum(l.value_minor)::bigint AS value,
              sum((l.value_minor * coalesce(l.probability, d.p) + 50) / 100)::bigint AS weighted
       FROM ${l} JOIN unnest($1::text[], $2::int[]) AS d(stage, p) ON d.stage = l.stage
       WHERE l.status = 'open' AND l.won_at IS NULL AND l.value_minor IS NOT NULL AND ${openWhere}
       GROUP BY 1`,
      openParams,
    ),
    q.query<{ month: number; won: number; value: string }>(
      `SELECT width_bucket(l.won_at, $1::timestamptz[]) AS month, count(*)::int AS won, coalesce(sum(l.value_minor), 0)::bigint AS value
       FROM ${l}
       WHERE l.won_at >= $2 AND l.won_at < $3 AND ${wonWhere}
       GROUP BY 1`,
      wonParams,
    ),
  ]);
  const pipeline = (row: (typeof open.rows)[number] | undefined) => ({
    count: row?.count ?? 0,
    valueMinor: Number(row?.value ?? 0),
    weightedMinor: Number(row?.weighted ?? 0),
  });
  const byMonth = new Map(open.rows.filter((row) => row.month !== null).map((row) => [row.month!, row]));
  const always = Array.from({ length: FORECAST_MONTHS_AHEAD + 1 }, (_, i) => addMonths(`${current}-01`, i).slice(0, 7));
  const months = [...new Set([...always, ...byMonth.keys()])].sort();
  const wonIn = new Map(won.rows.map((row) => [row.month, row]));
  return {
    months: months.map((month) => ({ month, ...pipeline(byMonth.get(month)) })),
    undated: pipeline(open.rows.find((row) => row.month === null)),
    actuals: actualMonths.map((bucket, i) => {
      const row = wonIn.get(i + 1);
      return { month: monthOf(bucket), won: row?.won ?? 0, valueMinor: Number(row?.value ?? 0) };
    }),
  };
}

/**
 * Activity volume: the work done on the counted leads in the period, per week (the weeks given, each
 * named by its first day) and person, one row per pair with any, by week then person.
 */
export async function activity(q: Queryable, span: Span, weeks: readonly Bucket[], filter: ReportFilter): Promise<ActivityReport["rows"]> {
  const params: unknown[] = [weeks.map((_, i) => i + 1), bounds(weeks), span.start, span.end];
  const where = scope(filter, params);
  const counts = ACTIVITY_KINDS.map((kind) => `count(*) FILTER (WHERE a.kind = '${kind}')::int AS ${kind}`).join(", ");
  // The week is found by width_bucket and joined to the list of weeks, so the planner knows how few
  // groups there are (weeks x people) and counts them in a hash rather than sorting every piece of work.
  const { rows } = await q.query<{ week: number; actor: string } & Record<ActivityKind, number>>(
    `SELECT w.week, a.actor, ${counts}
     FROM ${a}
     JOIN unnest($1::int[]) AS w(week) ON w.week = width_bucket(a.at, $2::timestamptz[])
     JOIN ${l} ON l.lead_id = a.lead_id
     WHERE a.at >= $3 AND a.at < $4 AND ${where}
     GROUP BY w.week, a.actor
     ORDER BY w.week, a.actor COLLATE "C"`,
    params,
  );
  return rows.map(({ week, actor, ...counts }) => ({ week: weeks[week - 1]!.day, userId: actor, ...counts }));
}
