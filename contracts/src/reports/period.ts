// Plain functions over calendar days (YYYY-MM-DD) and a zone, no zod: the browser's period picker
// and the read API's queries share them, so a week or a month is cut the same way on both sides.
import type { WeekStart } from "../settings/settings.ts";
import { addDays, fromWallTime } from "../time/date-time.ts";

/** The period presets of the Reports page; "custom" names its own days. */
export const PERIOD_PRESETS = ["week", "month", "quarter", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A span of whole calendar days in the agency's zone, both included. */
export interface DayPeriod {
  from: string;
  to: string;
}

const WEEKDAY_OF_START: Readonly<Record<WeekStart, number>> = { Sunday: 0, Monday: 1, Saturday: 6 };

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first day of the week holding `day`, for weeks that start on `weekStart`. */
export function weekStartOf(day: string, weekStart: WeekStart): string {
  return addDays(day, -((weekday(day) - WEEKDAY_OF_START[weekStart] + 7) % 7));
}

/** The first day of the month holding `day`. */
export const monthStartOf = (day: string): string => `${day.slice(0, 8)}01`;

/** The first day of the month `months` after the one holding `day` (negative: before). */
export function addMonths(day: string, months: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The first day of the quarter holding `day`. */
export function quarterStartOf(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, "0")}-01`;
}

/** The days of a preset period that holds `today`: this week, this month or this quarter. */
export function presetPeriod(preset: Exclude<PeriodPreset, "custom">, today: string, weekStart: WeekStart): DayPeriod {
  switch (preset) {
    case "week": {
      const from = weekStartOf(today, weekStart);
      return { from, to: addDays(from, 6) };
    }
    case "month": {
      const from = monthStartOf(today);
      return { from, to: addDays(addMonths(from, 1), -1) };
    }
    case "quarter": {
      const from = quarterStartOf(today);
      return { from, to: addDays(addMonths(from, 3), -1) };
    }
  }
}

/** The instant a calendar day begins in the zone (midnight, or the first wall time after a skipped one). */
export const dayStart = (day: string, zone: string): string => fromWallTime(`${day}T00:00`, zone)!;

/** The instants a period spans in the zone: from its first day's midnight to the midnight after its last day. */
export function periodInstants({ from, to }: DayPeriod, zone: string): { start: string; end: string } {
  return { start: dayStart(from, zone), end: dayStart(addDays(to, 1), zone) };
}

/** A bucket of a report's time axis: its first day and the instants it spans in the zone. */
export interface Bucket {
  day: string;
  start: string;
  end: string;
}

/**
 * The weeks (starting on `weekStart`) or months that overlap the period, oldest first, each with
 * the instants it spans in the zone. The first and last may reach outside the period; the queries
 * cut them to it.
 */
export function buckets(period: DayPeriod, unit: "week" | "month", zone: string, weekStart: WeekStart): Bucket[] {
  const first = unit === "week" ? weekStartOf(period.from, weekStart) : monthStartOf(period.from);
  const next = (day: string) => (unit === "week" ? addDays(day, 7) : addMonths(day, 1));
  const out: Bucket[] = [];
  for (let day = first; day <= period.to; day = next(day)) out.push({ day, start: dayStart(day, zone), end: dayStart(next(day), zone) });
  return out;
}

/** How many days a period holds. */
export function daysIn({ from, to }: DayPeriod): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
