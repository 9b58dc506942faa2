/**
 * The one date-time formatter (docs/product.md, "Limits and constants", Dates): every screen, the
 * history, the exports and the mails say an instant through these functions, in the time zone of
 * the person reading it (their profile's, else the agency's). Instants travel as UTC ISO strings;
 * only these functions turn them into wall times and back.
 */
import { TZDate } from "@date-fns/tz";

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per zone and shape, built once: constructing them is the slow part. */
function formatter(zone: string, shape: "date" | "time" | "wall"): Intl.DateTimeFormat {
  const key = `${shape}|${zone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      shape === "date"
        ? { month: "short", day: "numeric", year: "numeric" }
        : shape === "time"
          ? { hour: "numeric", minute: "2-digit" }
          : { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

const valid = (date: Date) => !Number.isNaN(date.getTime());

/** Whether the runtime knows the IANA zone ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface FormatOptions {
  /** Say the zone after the time, "(Europe/Berlin)": what a mail does, since its reader may live elsewhere. */
  withZone?: boolean;
}

const zoneSuffix = (zone: string, options: FormatOptions | undefined) => (options?.withZone ? ` (${zone})` : "");

/** "Mar 5, 2030" in the zone; "" for a value that is not a date. */
export function formatDate(iso: string, zone: string): string {
  const date = new Date(iso);
  return valid(date) ? formatter(zone, "date").format(date) : "";
}

/** "10:00 AM" in the zone (with the zone's name when asked). */
export function formatTime(iso: string, zone: string, options?: FormatOptions): string {
  const date = new Date(iso);
  return valid(date) ? `${formatter(zone, "time").format(date)}${zoneSuffix(zone, options)}` : "";
}

/** "Mar 5, 2030 at 10:00 AM" in the zone ("MMM d, yyyy at h:mm a"), e.g. "… at 10:00 AM (Europe/Berlin)" withZone. */
export function formatDateTime(iso: string, zone: string, options?: FormatOptions): string {
  const date = new Date(iso);
  if (!valid(date)) return "";
  return `${formatter(zone, "date").format(date)} at ${formatter(zone, "time").format(date)}${zoneSuffix(zone, options)}`;
}

/** A meeting's span: "Mar 5, 2030, 10:00 AM – 11:00 AM", or both dates in full when it crosses midnight there. */
export function formatTimeRange(start: string, end: string, zone: string, options?: FormatOptions): string {
  const from = new Date(start);
  const to = new Date(end);
  if (!valid(from) || !valid(to)) return "";
  const day = formatter(zone, "date");
  const time = formatter(zone, "time");
  const span =
    day.format(from) === day.format(to)
      ? `${day.format(from)}, ${time.format(from)} – ${time.format(to)}`
      : `${day.format(from)}, ${time.format(from)} – ${day.format(to)}, ${time.format(to)}`;
  return `${span}${zoneSuffix(zone, options)}`;
}

/** The wall time an instant shows in the zone, as a datetime-local input holds it: "2030-03-05T10:00". */
export function toWallTime(iso: string, zone: string): string {
  const date = new Date(iso);
  if (!valid(date)) return "";
  const parts = Object.fromEntries(formatter(zone, "wall").formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The UTC instant of a wall time in the zone ("2030-03-05T10:00" in Europe/Berlin is 09:00Z); undefined
 * when it is not a wall time. A time the zone skips (spring forward) moves on by the gap, as calendars do.
 */
export function fromWallTime(wall: string, zone: string): string | undefined {
  const m = WALL_TIME.exec(wall);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new TZDate(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s, zone);
  return valid(date) ? new Date(date.getTime()).toISOString() : undefined;
}

/** Today in the zone, as YYYY-MM-DD: what a day kept as YYYY-MM-DD is compared with. */
export const todayIn = (zone: string, now: Date = new Date()): string => toWallTime(now.toISOString(), zone).slice(0, 10);

/** The calendar day (YYYY-MM-DD) shifted by some days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday (YYYY-MM-DD) of the week holding a calendar day. */
export function startOfWeek(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** One week of a zone's calendar: its Monday, and the instants (ISO) where it starts and where the next one starts. */
export interface ZoneWeek {
  weekStart: string;
  from: string;
  to: string;
}

/**
 * The last `weeks` weeks, Monday-based, in the zone's calendar: oldest first, the week holding `now`
 * last. A week starts at its Monday's midnight in the zone, so a lead created on Sunday 23:30 in Berlin
 * counts in that week, whatever UTC says.
 */
export function recentWeeks(now: Date, zone: string, weeks: number): ZoneWeek[] {
  const thisWeek = startOfWeek(todayIn(zone, now));
  const midnight = (day: string) => fromWallTime(`${day}T00:00`, zone)!;
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(thisWeek, -7 * (weeks - 1 - i));
    return { weekStart, from: midnight(weekStart), to: midnight(addDays(weekStart, 7)) };
  });
}
