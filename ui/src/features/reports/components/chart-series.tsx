// The charts' colours come from the theme's --chart-1..5 (ui/src/index.css), which the dark theme
// lightens; the class names are written out whole so that Tailwind finds them.
const FILL = { 1: "fill-chart-1", 2: "fill-chart-2", 3: "fill-chart-3", 4: "fill-chart-4", 5: "fill-chart-5" } as const;
const BG = { 1: "bg-chart-1", 2: "bg-chart-2", 3: "bg-chart-3", 4: "bg-chart-4", 5: "bg-chart-5" } as const;

export type ChartColor = keyof typeof FILL;

/** One series of a chart: its key in the data, its name in the legend and its colour. */
export interface Series {
  key: string;
  label: string;
  color: ChartColor;
}

/** One bar (or group of bars) of a chart: its label and each series' value, with the text shown beside it. */
export interface Datum {
  key: string;
  label: string;
  /** A shorter label for narrow screens. */
  shortLabel?: string;
  values: Readonly<Record<string, number | null | undefined>>;
  /** What the chart writes at the bar, and what a screen reader hears for it. */
  valueText: string;
}

/**
 * How a datum's series are drawn: "stack" end to end (the parts of a whole), "overlay" from the
 * same start, the largest behind (a value and a part of it: p90 and median, value and weighted).
 */
export type SeriesMode = "stack" | "overlay";

export const fillOf = (color: ChartColor) => FILL[color];

/** The spans each series covers in a datum, from 0: end to end, or all from 0 with the largest first so that none hides another. */
export function segments(datum: Datum, series: readonly Series[], mode: SeriesMode): { series: Series; start: number; end: number }[] {
  const present = series.flatMap((s) => {
    const value = datum.values[s.key];
    return value ? [{ series: s, value }] : [];
  });
  if (mode === "overlay") return present.sort((a, b) => b.value - a.value).map(({ series: s, value }) => ({ series: s, start: 0, end: value }));
  let at = 0;
  return present.map(({ series: s, value }) => ({ series: s, start: at, end: (at += value) }));
}

/** The longest a datum's bar reaches. */
export const extentOf = (datum: Datum, series: readonly Series[], mode: SeriesMode): number =>
  Math.max(0, ...segments(datum, series, mode).map((s) => s.end));

/** The chart's words for a screen reader: its title, then each bar's label and text. */
export const describe = (title: string, data: readonly Datum[]): string =>
  `${title}. ${data.map((d) => `${d.label}: ${d.valueText}`).join("; ")}.`;

/** The colours' key; hidden from screen readers, whose description names the series. */
export function Legend({ series }: { series: readonly Series[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={`size-2.5 rounded-sm ${BG[s.color]}`} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
