import { formatDay } from "@/lib/format";
import type { WeekCount } from "./chart-data.ts";

/** "Mar 9": the week's Monday without its year. */
const weekLabel = (day: string) => formatDay(day).replace(/, \d{4}$/, "");
/** "3/9", for narrow screens. */
const shortWeekLabel = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/** Vertical SVG bars, one per week (the current week last), with the counts and dates as text below. */
export function NewLeadsChart({ data }: { data: WeekCount[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const summary = data.map((d) => `week of ${weekLabel(d.weekStart)}: ${d.count}`).join(", ");
  return (
    <figure role="img" aria-label={`New leads per week. ${summary}.`} className="grid gap-2">
      <svg viewBox={`0 0 ${data.length * 10} 100`} preserveAspectRatio="none" className="h-44 w-full border-b lg:h-56" aria-hidden="true">
        {data.map((d, i) =>
          d.count > 0 ? (
            <rect key={i} x={i * 10 + 2} y={100 - (d.count / max) * 96} width={6} height={(d.count / max) * 96} className="fill-chart-2" />
          ) : null,
        )}
      </svg>
      <div
        className="grid text-center text-xs"
        style={{ gridTemplateColumns: `repeat(${data.length}, minmax(0, 1fr))` }}
        aria-hidden="true"
      >
        {data.map((d) => (
          <div key={d.weekStart} className="grid gap-0.5">
            <span className="font-medium tabular-nums">{d.count}</span>
            <span className="text-muted-foreground">
              <span className="sm:hidden">{shortWeekLabel(d.weekStart)}</span>
              <span className="hidden sm:inline">{weekLabel(d.weekStart)}</span>
            </span>
          </div>
        ))}
      </div>
    </figure>
  );
}
