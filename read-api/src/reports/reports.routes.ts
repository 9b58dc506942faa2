import type { z } from "zod";
import { addMonths, buckets, monthStartOf, periodInstants, presetPeriod, type DayPeriod } from "@crm/contracts/reports/period";
import { ReportFilter, ReportQuery } from "@crm/contracts/reports/queries";
import {
  ActivityReport,
  ForecastReport,
  FunnelReport,
  TimeInStageReport,
  VelocityReport,
  WinRateReport,
} from "@crm/contracts/reports/reports";
import type { SettingsState } from "@crm/contracts/settings/state";
import { addDays, todayIn } from "@crm/contracts/time/date-time";
import type { Queryable } from "@crm/infra/db/database";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { stageDefaults } from "../leads/leads.queries.ts";
import { activity, forecast, funnel, timeInStage, velocity, winRate } from "./reports.queries.ts";
import { reportReadSetup } from "./report-reads.ts";

/** How many whole months before the current one the forecast shows as actuals: the last four quarters. */
const ACTUAL_MONTHS = 12;

/**
 * The period a report covers, in the agency's calendar: the days asked for, else this month (in the
 * agency's zone at `now`), with the instants it spans there.
 */
function periodOf(query: ReportQuery, settings: SettingsState, now: Date) {
  const days: DayPeriod =
    query.from !== undefined && query.to !== undefined
      ? { from: query.from, to: query.to }
      : presetPeriod("month", todayIn(settings.timeZone, now), settings.weekStart);
  return {
    days,
    span: periodInstants(days, settings.timeZone),
    answer: { from: days.from, to: days.to, timeZone: settings.timeZone },
  };
}

/** The filter of a query, without its period. */
const filterOf = ({ owner, source, priority }: ReportQuery): ReportFilter => ({ owner, source, priority });

type Ctx = ReturnType<typeof reportReadSetup>;

/** What a report over a period is computed from: the agency's settings, its period, the filter, the clock. */
interface PeriodCall {
  db: Queryable;
  agency: SettingsState;
  period: ReturnType<typeof periodOf>;
  filter: ReportFilter;
  now: Date;
}

/** GET /api/reports/{name}: a report over a period (ReportQuery), its figures beside the period they cover. */
function periodReport<T>(
  route: RouteBuilder<Ctx>,
  name: string,
  summary: string,
  answer: z.core.$ZodType<T>,
  figures: (call: PeriodCall) => Promise<Omit<T, "period">>,
) {
  return route({
    method: "GET",
    path: `/api/reports/${name}`,
    allow: STAFF,
    tag: "reports",
    summary,
    query: ReportQuery,
    responses: { 200: answer },
    handle: async ({ res, query }, { db, settings, now }) => {
      const [agency, at] = [await settings(), now()];
      const period = periodOf(query, agency, at);
      res.json({ period: period.answer, ...(await figures({ db, agency, period, filter: filterOf(query), now: at })) });
    },
  });
}

/** GET /api/reports/*: the Reports page's figures, each a JSON document (docs/product.md, "Reports"). */
export const reportReadRoutes = routeGroup(reportReadSetup, (route) => [
  periodReport(
    route,
    "funnel",
    "The conversion funnel: of the leads that entered each stage in the period (days in the agency's zone, this month by default), how many reached each later stage since, and how many were won and lost",
    FunnelReport,
    async ({ db, period, filter }) => ({ stages: await funnel(db, period.span, filter) }),
  ),
  periodReport(
    route,
    "time-in-stage",
    "Time in stage: the median and 90th percentile days of the stays that ended in the period, per stage, and each stage's open leads now with the slowest five",
    TimeInStageReport,
    async ({ db, period, filter, now }) => ({ stages: await timeInStage(db, period.span, filter, now) }),
  ),
  periodReport(
    route,
    "velocity",
    "Velocity: the deals won in the period and the median days from creation to the win, overall, by month of the win, by source and by owner",
    VelocityReport,
    ({ db, agency, period, filter }) => velocity(db, period.span, buckets(period.days, "month", agency.timeZone, agency.weekStart), filter),
  ),
  periodReport(
    route,
    "win-rate",
    "Win rate: the deals won and lost in the period and the share won, overall, by source and by owner, and the lost ones' reasons",
    WinRateReport,
    ({ db, period, filter }) => winRate(db, period.span, filter),
  ),
  route({
    method: "GET",
    path: "/api/reports/forecast",
    allow: STAFF,
    tag: "reports",
    summary:
      "Forecast: the open deals' value by expected close month from this one on (and undated), weighted by each deal's probability or its stage's default, beside the value won in each of the last 12 months",
    query: ReportFilter,
    responses: { 200: ForecastReport },
    handle: async ({ res, query }, { db, settings, now }) => {
      const agency = await settings();
      const current = monthStartOf(todayIn(agency.timeZone, now()));
      const last = { from: addMonths(current, -ACTUAL_MONTHS), to: addDays(current, -1) };
      const actualMonths = buckets(last, "month", agency.timeZone, agency.weekStart);
      const figures = await forecast(db, current.slice(0, 7), stageDefaults(agency.stageProbabilities), actualMonths, query);
      res.json({ currency: agency.currency, ...figures } satisfies ForecastReport);
    },
  }),
  periodReport(
    route,
    "activity",
    "Activity volume: per week of the period (the agency's week start) and person, the calls logged, meetings scheduled, mails and texts sent",
    ActivityReport,
    async ({ db, agency, period, filter }) => ({
      rows: await activity(db, period.span, buckets(period.days, "week", agency.timeZone, agency.weekStart), filter),
    }),
  ),
]);
