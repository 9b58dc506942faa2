import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  ActivityReport,
  ForecastReport,
  FunnelReport,
  StaleLeads,
  TimeInStageReport,
  VelocityReport,
  WinRateReport,
} from "@crm/contracts/reports/reports";
import { apiGet, type AnswerSchema } from "@/lib/api-client";
import type { ReportFilter, ReportParams } from "../utils/report-search.ts";

/** The reports that cover a period, by the last part of their path (GET /api/reports/{kind}). */
const PERIOD_REPORTS = {
  funnel: FunnelReport,
  "time-in-stage": TimeInStageReport,
  velocity: VelocityReport,
  "win-rate": WinRateReport,
  activity: ActivityReport,
} as const;
export type PeriodReportKind = keyof typeof PERIOD_REPORTS;
/** Each period report's answer, by kind. */
type PeriodReportAnswer = {
  funnel: FunnelReport;
  "time-in-stage": TimeInStageReport;
  velocity: VelocityReport;
  "win-rate": WinRateReport;
  activity: ActivityReport;
};

/** The query string of a filter and, for the period reports, the period: only what is set. */
export function reportSearch(params: ReportFilter & Partial<Pick<ReportParams, "from" | "to">>): string {
  const search = new URLSearchParams();
  for (const key of ["from", "to", "owner", "source", "priority"] as const) {
    const value = params[key];
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// Every key starts with "reports": the reports projection's live topic refreshes them all.

/** GET /api/reports/{kind}?from&to&owner&source&priority: key ["reports", kind, params]. */
export const periodReportQueryOptions = <K extends PeriodReportKind>(kind: K, params: ReportParams) =>
  queryOptions({
    queryKey: ["reports", kind, params],
    // TypeScript cannot follow an indexed schema to its kind's answer: the map above says it.
    queryFn: ({ signal }) =>
      apiGet(`/api/reports/${kind}${reportSearch(params)}`, PERIOD_REPORTS[kind] as AnswerSchema<PeriodReportAnswer[K]>, signal),
  });

// The forecast's default probabilities and the stale limits are settings: their version is in the
// key, so a Partner's change asks again (the "reports" topic does not name a settings change).

/** GET /api/reports/forecast (the period does not apply): key ["reports", "forecast", filter, settings version]. */
export const forecastQueryOptions = (filter: ReportFilter, settingsVersion: number) =>
  queryOptions({
    queryKey: ["reports", "forecast", filter, settingsVersion],
    queryFn: ({ signal }) => apiGet(`/api/reports/forecast${reportSearch(filter)}`, ForecastReport, signal),
  });

/** GET /api/leads/stale (the period does not apply): key ["reports", "stale", filter, settings version]. */
export const staleLeadsQueryOptions = (filter: ReportFilter, settingsVersion: number) =>
  queryOptions({
    queryKey: ["reports", "stale", filter, settingsVersion],
    queryFn: ({ signal }) => apiGet(`/api/leads/stale${reportSearch(filter)}`, StaleLeads, signal),
  });

/** One period report for the page's period and filter. */
export function usePeriodReport<K extends PeriodReportKind>(kind: K, params: ReportParams) {
  return useQuery(periodReportQueryOptions(kind, params));
}

export function useForecast(filter: ReportFilter, settingsVersion: number) {
  return useQuery(forecastQueryOptions(filter, settingsVersion));
}

export function useStaleLeads(filter: ReportFilter, settingsVersion: number) {
  return useQuery(staleLeadsQueryOptions(filter, settingsVersion));
}
