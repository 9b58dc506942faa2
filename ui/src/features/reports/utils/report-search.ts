// The Reports page's period and filters, kept in the URL's search params so that a link or a reload
// shows the same reports: ?period=week|month|quarter|custom (&from=&to= for custom), &owner=, &source=, &priority=.
import { LEAD_PRIORITIES } from "@crm/contracts/lead/stages";
import { PERIOD_PRESETS, presetPeriod, type DayPeriod, type PeriodPreset } from "@crm/contracts/reports/period";
import type { WeekStart } from "@crm/contracts/settings/settings";

export type Priority = (typeof LEAD_PRIORITIES)[number];

/** What every report can be narrowed to (contracts/src/reports/queries.ts, ReportFilter). */
export interface ReportFilter {
  owner?: string;
  source?: string;
  priority?: Priority;
}

/** The period reports' query: whole days of the agency's calendar, both included, and the filter. */
export type ReportParams = DayPeriod & ReportFilter;

/** What the URL says; custom days are kept as typed, checked by resolvePeriod. */
export interface ReportSearch extends ReportFilter {
  preset: PeriodPreset;
  from: string;
  to: string;
}

/** The preset a page opens on: this month, as the API's own default. */
export const DEFAULT_PRESET: PeriodPreset = "month";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** The page's period and filters from the URL; anything unknown is left out. */
export function readReportSearch(params: URLSearchParams): ReportSearch {
  const source = params.get("source")?.trim();
  return {
    preset: oneOf(PERIOD_PRESETS, params.get("period")) ?? DEFAULT_PRESET,
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    owner: params.get("owner") || undefined,
    source: source || undefined,
    priority: oneOf(LEAD_PRIORITIES, params.get("priority")),
  };
}

/** The URL's params for a period and filters: a preset's days are not written, since "this week" moves on. */
export function writeReportSearch(search: ReportSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.preset !== DEFAULT_PRESET) params.set("period", search.preset);
  if (search.preset === "custom") {
    params.set("from", search.from);
    params.set("to", search.to);
  }
  if (search.owner) params.set("owner", search.owner);
  if (search.source) params.set("source", search.source);
  if (search.priority) params.set("priority", search.priority);
  return params;
}

/**
 * The days the reports cover: a preset's around today (the agency's today, weeks from its week
 * start), or the custom days; null for custom days that are missing or end before they start.
 */
export function resolvePeriod(search: Pick<ReportSearch, "preset" | "from" | "to">, today: string, weekStart: WeekStart): DayPeriod | null {
  if (search.preset !== "custom") return presetPeriod(search.preset, today, weekStart);
  if (!DAY.test(search.from) || !DAY.test(search.to) || search.to < search.from) return null;
  return { from: search.from, to: search.to };
}

/** The filter part of the page's search. */
export const filterOf = ({ owner, source, priority }: ReportFilter): ReportFilter => ({
  ...(owner ? { owner } : {}),
  ...(source ? { source } : {}),
  ...(priority ? { priority } : {}),
});
