import type { StageCount } from "./chart-data.ts";

const ROW = 26;
const LABEL_WIDTH = 170;
const BAR_AREA = 190;
const WIDTH = LABEL_WIDTH + BAR_AREA + 40;

/** Horizontal bars: how many leads are in each of the ten stages. */
export function LeadsByStageChart({ data }: { data: StageCount[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const height = data.length * ROW;
  const summary = data.map((d) => `${d.stage}: ${d.count}`).join(", ");
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-label={`Leads per stage. ${summary}.`}>
      {data.map((d, i) => {
        const y = i * ROW;
        const width = (d.count / max) * BAR_AREA;
        return (
          <g key={d.stage} transform={`translate(0 ${y})`}>
            <title>{`${d.stage}: ${d.count}`}</title>
            <text
              x={LABEL_WIDTH - 10}
              y={ROW / 2}
              dominantBaseline="central"
              textAnchor="end"
              className="fill-muted-foreground text-[12px]"
            >
              {d.stage}
            </text>
            <rect x={LABEL_WIDTH} y={5} width={BAR_AREA} height={ROW - 10} rx={4} className="fill-muted" />
            {d.count > 0 && <rect x={LABEL_WIDTH} y={5} width={Math.max(width, 4)} height={ROW - 10} rx={4} className="fill-chart-1" />}
            <text
              x={LABEL_WIDTH + BAR_AREA + 8}
              y={ROW / 2}
              dominantBaseline="central"
              className="fill-foreground text-[12px] font-medium tabular-nums"
            >
              {d.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
