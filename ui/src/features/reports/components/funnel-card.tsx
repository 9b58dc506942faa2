import type { ReportParams } from "../utils/report-search.ts";
import { usePeriodReport } from "../api/get-reports.ts";
import { csvFileName, funnelTable } from "../utils/report-table.ts";
import { BarList } from "./bar-list.tsx";
import type { Series } from "./chart-series.tsx";
import { ReportCard } from "./report-card.tsx";

const SERIES: Series[] = [
  { key: "entered", label: "Entered the stage", color: 2 },
  { key: "won", label: "Won since", color: 4 },
];

const share = (part: number, whole: number) => (whole === 0 ? "" : ` (${Math.round((part / whole) * 100)}%)`);

/** Of the leads that entered each stage in the period, how many were won since. */
export function FunnelCard({ params }: { params: ReportParams }) {
  const query = usePeriodReport("funnel", params);
  const report = query.data ?? undefined;
  const empty = report && report.stages.every((s) => s.entered === 0) ? "No lead entered a stage in this period" : null;
  return (
    <ReportCard
      title="Conversion funnel"
      description="Leads that entered each stage in the period, and how many of them were won since."
      state={query}
      table={report && funnelTable(report)}
      csvName={csvFileName("funnel", params)}
      empty={empty}
      chart={
        report && (
          <BarList
            title="Conversion funnel"
            series={SERIES}
            mode="overlay"
            axisLabel="Leads"
            data={report.stages.map((s) => ({
              key: s.stage,
              label: s.stage,
              values: { entered: s.entered, won: s.won },
              valueText: `${s.entered} entered, ${s.won} won${share(s.won, s.entered)}`,
            }))}
          />
        )
      }
    />
  );
}
