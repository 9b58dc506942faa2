import { timeAgo } from "@/lib/format";

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

const UNITS: [seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [86_400, "day"],
  [3_600, "hour"],
  [60, "minute"],
];

/** A time still to come, said relatively ("in 6 days", "in 3 hours"); a past one says how long ago. */
export function timeFromNow(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return "";
  if (seconds <= 0) return timeAgo(iso, now);
  for (const [size, unit] of UNITS) {
    if (seconds >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return "in less than a minute";
}

/** True once the time has passed. */
export const isPast = (iso: string, now: Date = new Date()) => new Date(iso).getTime() <= now.getTime();
