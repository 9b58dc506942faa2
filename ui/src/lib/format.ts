const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The date format "MMM d, yyyy" (docs/product.md, "Limits and constants", Dates). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

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
