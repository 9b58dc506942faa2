/** docs/product.md, "Limits and constants": meetings last 60 minutes unless changed; the minimum and step are 15. */
export const DEFAULT_DURATION_MINUTES = 60;
export const DURATION_STEP_MINUTES = 15;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/**
 * The meeting's start and end as ISO UTC instants, from the date ("yyyy-MM-dd") and time ("HH:mm")
 * the person typed in their own time zone; end = start + duration (docs/product.md, "Meetings, mail and SMS"). Undefined when the
 * date or time is not a real one (e.g. a clock time skipped by a daylight-saving change).
 */
export function meetingInstants(date: string, time: string, durationMinutes: number): { startTime: string; endTime: string } | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || !Number.isFinite(durationMinutes)) return undefined;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  const start = new Date(year, month - 1, day, hour, minute);
  // The Date constructor rolls invalid parts over (Feb 30 -> Mar 2, 02:30 in a DST gap -> 03:30): refuse those.
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day || start.getHours() !== hour || start.getMinutes() !== minute) {
    return undefined;
  }
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

/** A valid duration: a whole number of minutes, at least 15, in steps of 15. */
export function isValidDuration(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= DURATION_STEP_MINUTES && minutes % DURATION_STEP_MINUTES === 0;
}
