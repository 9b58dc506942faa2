import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { describe, extentOf, fillOf, Legend, segments, type Datum, type Series, type SeriesMode } from "./chart-series.tsx";
import { useWidth } from "./use-width.ts";

export interface ColumnChartProps {
  /** What the chart shows, the start of its accessible name. */
  title: string;
  data: readonly Datum[];
  series: readonly Series[];
  mode?: SeriesMode;
  /** The axes' labels: what the columns are (months, weeks) and what their height measures. */
  xLabel: string;
  yLabel: string;
  /** A value on the vertical axis ("$40K", "12"). */
  formatTick: (value: number) => string;
  /** The text above a column, shorter than valueText when it must fit ("12", "$4.1K"); none where it is empty. */
  columnText: (datum: Datum) => string | null;
  /** The least top of the vertical axis, so that an empty chart still has a sensible scale (one major unit of money). */
  minTop?: number;
}

const HEIGHT = 240;
const MARGIN = { top: 20, right: 8, bottom: 44, left: 56 };
/** Narrower columns than this get no text above them (the table view has every value). */
const TEXT_MIN_WIDTH = 26;
/** Narrower columns than this label every other one on the axis, or fewer. */
const LABEL_MIN_WIDTH = 44;
const MAX_COLUMN = 56;

/** Vertical columns on visx scales, with labelled axes, the value written above each column where it fits. */
export function ColumnChart({ title, data, series, mode = "stack", xLabel, yLabel, formatTick, columnText, minTop = 1 }: ColumnChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, innerWidth], padding: 0.25 });
  const max = Math.max(...data.map((d) => extentOf(d, series, mode)));
  const y = scaleLinear<number>({ domain: [0, Math.max(max, minTop)], range: [innerHeight, 0], nice: true });
  // Counts and minor units are whole: no tick between them ("0.5 calls").
  const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  // A column no wider than MAX_COLUMN, centred in its band, so that a period of one week is not one slab.
  const band = Math.min(x.bandwidth(), MAX_COLUMN);
  const inset = (x.bandwidth() - band) / 2;
  const step = Math.ceil((LABEL_MIN_WIDTH * data.length) / Math.max(innerWidth, 1));
  const labels = new Map(data.map((d) => [d.key, x.bandwidth() < LABEL_MIN_WIDTH * 1.5 && d.shortLabel ? d.shortLabel : d.label]));
  return (
    <figure role="img" aria-label={describe(title, data)} className="grid min-w-0 gap-3">
      <Legend series={series} />
      {/* min-w-0 and overflow-hidden: the box takes the card's width, never the drawing's, so that measuring it follows the card. */}
      <div ref={ref} aria-hidden="true" className="w-full min-w-0 overflow-hidden text-muted-foreground">
        <svg width={width} height={HEIGHT} className="block overflow-visible">
          <Group left={MARGIN.left} top={MARGIN.top}>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeDasharray="3 3" />
            ))}
            {data.map((d) => {
              const left = (x(d.key) ?? 0) + inset;
              const label = columnText(d);
              return (
                <g key={d.key}>
                  {segments(d, series, mode).map(({ series: s, start, end }) => (
                    <Bar key={s.key} x={left} width={band} y={y(end)} height={Math.max(y(start) - y(end), 1)} rx={2} className={fillOf(s.color)} />
                  ))}
                  {label && band >= TEXT_MIN_WIDTH && (
                    <text
                      x={left + band / 2}
                      y={y(extentOf(d, series, mode)) - 5}
                      textAnchor="middle"
                      className="fill-foreground text-[11px] font-medium tabular-nums"
                    >
                      {label}
                    </text>
                  )}
                </g>
              );
            })}
            {/* The axes are drawn here rather than with @visx/axis, whose text layout (@visx/text, a CSS calc() evaluator) weighed 8 KB gzip. */}
            <g className="text-[11px]">
              <line x1={0} x2={0} y1={0} y2={innerHeight} stroke="currentColor" />
              {ticks.map((tick) => (
                <text key={tick} x={-6} y={y(tick)} dy="0.33em" textAnchor="end" fill="currentColor">
                  {formatTick(tick)}
                </text>
              ))}
              <text transform={`translate(${-MARGIN.left + 12}, ${innerHeight / 2}) rotate(-90)`} textAnchor="middle" fill="currentColor">
                {yLabel}
              </text>
              <line x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} stroke="currentColor" />
              {data.map((d, i) =>
                i % step === 0 ? (
                  <text key={d.key} x={(x(d.key) ?? 0) + x.bandwidth() / 2} y={innerHeight + 14} textAnchor="middle" fill="currentColor">
                    {labels.get(d.key)}
                  </text>
                ) : null,
              )}
              <text x={innerWidth / 2} y={innerHeight + 34} textAnchor="middle" fill="currentColor">
                {xLabel}
              </text>
            </g>
          </Group>
        </svg>
      </div>
    </figure>
  );
}
