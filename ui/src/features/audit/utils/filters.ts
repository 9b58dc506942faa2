import type { AuditEventFilters } from "@crm/contracts/audit/workbench";
import { addDays, fromWallTime, startOfWeek, todayIn } from "@crm/contracts/time/date-time";

/**
 * The workbench's filters as the address bar holds them, so a filtered list can be shared and survives
 * a reload: the period as calendar days (YYYY-MM-DD) of the reader's zone, the rest as the API takes them.
 */
export interface AuditSearch {
  actor?: string;
  type?: string;
  entity?: string;
  q?: string;
  /** The first day of the period, inclusive. */
  from?: string;
  /** The last day of the period, inclusive. */
  to?: string;
}

export const SEARCH_KEYS = ["actor", "type", "entity", "q", "from", "to"] as const satisfies readonly (keyof AuditSearch)[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of a URL's search params; a day that is not YYYY-MM-DD is left out. */
export function readSearch(params: URLSearchParams): AuditSearch {
  const search: AuditSearch = {};
  for (const key of SEARCH_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if ((key === "from" || key === "to") && !DAY.test(value)) continue;
    search[key] = value;
  }
  return search;
}

/** The search params for the filters, in a stable order (a shared link reads the same). */
export function writeSearch(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) if (search[key]) params.set(key, search[key]);
  return params;
}

/** Whether the period ends before it starts: nothing is asked then (the server would refuse it). */
export const periodReversed = (search: AuditSearch): boolean => Boolean(search.from && search.to && search.from > search.to);

/**
 * The API's filters for the address bar's: a day starts at its midnight in the reader's zone, and the
 * period's last day ends a millisecond before the next midnight (the API takes both ends inclusive).
 */
export function apiFilters(search: AuditSearch, zone: string): AuditEventFilters {
  const { from, to, ...rest } = search;
  const filters: AuditEventFilters = { ...rest };
  if (from) filters.from = fromWallTime(`${from}T00:00`, zone);
  if (to) {
    const nextMidnight = fromWallTime(`${addDays(to, 1)}T00:00`, zone);
    if (nextMidnight) filters.to = new Date(Date.parse(nextMidnight) - 1).toISOString();
  }
  return filters;
}

/** The query string of GET /api/audit/events and its exports for the filters. */
export function filterQuery(filters: AuditEventFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["actor", "type", "entity", "from", "to", "q"] as const) if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** Where the export of the filtered events downloads from: every match, not only the pages on screen. */
export function exportUrl(format: "jsonl" | "csv", filters: AuditEventFilters): string {
  const query = filterQuery(filters).toString();
  return `/api/audit/events.${format}${query ? `?${query}` : ""}`;
}

/** The quick picks of the period, as days of the reader's zone: this week (from its Monday) and the last seven days, today included. */
export function quickPeriod(pick: "this-week" | "last-7-days", zone: string, now: Date = new Date()): { from: string; to: string } {
  const today = todayIn(zone, now);
  return pick === "this-week" ? { from: startOfWeek(today), to: today } : { from: addDays(today, -6), to: today };
}
