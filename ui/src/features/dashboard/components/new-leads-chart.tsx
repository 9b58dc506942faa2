import type { WeekCount } from "./chart-data.ts";

const WIDTH = 400;
const HEIGHT = 200;
const TOP = 20;
const BOTTOM = 28;
const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** Vertical bars: leads created per week, the current week last. */
export function NewLeadsChart({ data }: { data: WeekCount[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const slot = WIDTH / data.length;
  const barWidth = slot * 0.6;
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = data.map((d) => `week of ${weekLabel.format(d.weekStart)}: ${d.count}`).join(", ");
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={`New leads per week. ${summary}.`}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-border" />
      {data.map((d, i) => {
        const height = (d.count / max) * plot;
        const x = i * slot + (slot - barWidth) / 2;
        const label = weekLabel.format(d.weekStart);
        return (
          <g key={d.weekStart.toISOString()}>
            <title>{`Week of ${label}: ${d.count}`}</title>
            {d.count > 0 && <rect x={x} y={HEIGHT - BOTTOM - height} width={barWidth} height={height} rx={4} className="fill-chart-2" />}
            <text
              x={x + barWidth / 2}
              y={HEIGHT - BOTTOM - height - 6}
              textAnchor="middle"
              className="fill-foreground text-[12px] font-medium tabular-nums"
            >
              {d.count}
            </text>
            <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground text-[11px]">
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
