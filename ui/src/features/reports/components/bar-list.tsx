import { describe, extentOf, fillOf, Legend, segments, type Datum, type Series, type SeriesMode } from "./chart-series.tsx";

export interface BarListProps {
  /** What the chart shows, the start of its accessible name. */
  title: string;
  data: readonly Datum[];
  series: readonly Series[];
  mode?: SeriesMode;
  /** The quantity the bars' length measures ("Leads", "Days"): the axis' label under the bars. */
  axisLabel: string;
}

/**
 * Horizontal bars, one row per datum: real text beside an SVG bar (as the dashboard's leads per
 * stage), so labels stay readable at 375 px; the value is written at the end of every row.
 */
export function BarList({ title, data, series, mode = "stack", axisLabel }: BarListProps) {
  const max = Math.max(1, ...data.map((d) => extentOf(d, series, mode)));
  return (
    <figure role="img" aria-label={describe(title, data)} className="grid min-w-0 gap-3">
      <Legend series={series} />
      <div aria-hidden="true" className="grid grid-cols-[fit-content(40%)_1fr_auto] items-center gap-x-3 gap-y-2 text-sm">
        {data.map((d) => (
          <div key={d.key} className="col-span-3 grid grid-cols-subgrid items-center">
            <span className="truncate text-right text-xs leading-tight text-muted-foreground sm:text-sm" title={d.label}>
              {d.label}
            </span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full">
              <rect width="100" height="10" rx="2" className="fill-muted" />
              {segments(d, series, mode).map(({ series: s, start, end }) => (
                <rect
                  key={s.key}
                  x={(start / max) * 100}
                  width={Math.max(((end - start) / max) * 100, 1.5)}
                  height="10"
                  rx="2"
                  className={fillOf(s.color)}
                />
              ))}
            </svg>
            <span className="text-right text-xs font-medium whitespace-nowrap tabular-nums sm:text-sm">{d.valueText}</span>
          </div>
        ))}
      </div>
      <figcaption aria-hidden="true" className="text-center text-xs text-muted-foreground">
        {axisLabel}
      </figcaption>
    </figure>
  );
}
