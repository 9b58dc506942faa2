import { fromWallTime, toWallTime } from "@crm/contracts/time/date-time";

/** docs/product.md, "Limits and constants": meetings last 60 minutes unless changed; the minimum and step are 15. */
export const DEFAULT_DURATION_MINUTES = 60;
export const DURATION_STEP_MINUTES = 15;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * The meeting's start and end as ISO UTC instants, from the date ("yyyy-MM-dd") and time ("HH:mm")
 * typed in the person's time zone (useTimeZone: their profile's, not the browser's); end = start +
 * duration (docs/product.md, "Meetings, mail and SMS"). Undefined when the date or time is not a
 * real one there (Feb 30, or a clock time skipped by a daylight-saving change).
 */
export function meetingInstants(
  date: string,
  time: string,
  durationMinutes: number,
  zone: string,
): { startTime: string; endTime: string } | undefined {
  if (!DATE.test(date) || !TIME.test(time) || !Number.isFinite(durationMinutes)) return undefined;
  const wall = `${date}T${time}`;
  const start = fromWallTime(wall, zone);
  // A wall time that does not come back as typed does not exist there (rolled over, or in a DST gap): refuse it.
  if (!start || toWallTime(start, zone) !== wall) return undefined;
  const end = new Date(Date.parse(start) + durationMinutes * 60_000).toISOString();
  return { startTime: start, endTime: end };
}

/** A meeting's length in minutes, which a reschedule keeps. */
export const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60_000);

/** A valid duration: a whole number of minutes, at least 15, in steps of 15. */
export function isValidDuration(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= DURATION_STEP_MINUTES && minutes % DURATION_STEP_MINUTES === 0;
}
