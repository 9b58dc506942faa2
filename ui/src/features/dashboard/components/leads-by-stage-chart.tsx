import type { StageCount } from "./chart-data.ts";

/** Horizontal bars, one row per stage: real text beside an SVG bar, so labels stay crisp at any width. */
export function LeadsByStageChart({ data }: { data: StageCount[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  return (
    <ol aria-label="Leads per stage" className="grid grid-cols-[fit-content(45%)_1fr_2ch] items-center gap-x-3 gap-y-2 text-sm">
      {data.map((d) => (
        <li key={d.stage} className="col-span-3 grid grid-cols-subgrid items-center">
          <span className="text-right text-xs leading-tight text-muted-foreground sm:text-sm">{d.stage}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
            <rect width="100" height="10" rx="2" className="fill-muted" />
            {d.count > 0 && <rect width={Math.max((d.count / max) * 100, 2)} height="10" rx="2" className="fill-chart-1" />}
          </svg>
          <span className="text-right font-medium tabular-nums">
            <span className="sr-only">: </span>
            {d.count}
          </span>
        </li>
      ))}
    </ol>
  );
}
