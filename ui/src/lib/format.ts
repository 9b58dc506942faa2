import { formatDate } from "@crm/contracts/time/date-time";

/**
 * Dates and times on screen (docs/product.md, "Limits and constants", Dates) go through the one
 * formatter of contracts/src/time/date-time.ts, in the reader's zone (useTimeZone() of ui/src/api/use-time-zone.ts).
 */
export { formatDate, formatDateTime, formatTime, formatTimeRange, todayIn } from "@crm/contracts/time/date-time";

/** A calendar day kept as YYYY-MM-DD (an expected close, a due date, a follow-up) as "Mar 5, 2030": the same day in every zone. */
export const formatDay = (day: string): string => formatDate(`${day}T00:00:00Z`, "UTC");

const UNITS: [limit: number, seconds: number, name: string][] = [
  [3600, 60, "minute"],
  [86_400, 3600, "hour"],
  [2_592_000, 86_400, "day"],
  [31_536_000, 2_592_000, "month"],
  [Infinity, 31_536_000, "year"],
];

/** A relative time ending in "ago" (docs/product.md, "Limits and constants"), e.g. "5 minutes ago". */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  if (seconds < 60) return "less than a minute ago";
  for (const [limit, size, name] of UNITS) {
    if (seconds < limit) {
      const count = Math.max(1, Math.floor(seconds / size));
      return `${count} ${name}${count === 1 ? "" : "s"} ago`;
    }
  }
  return "";
}
