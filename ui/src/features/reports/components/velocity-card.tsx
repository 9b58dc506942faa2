import { usePeriodReport } from "../api/get-reports.ts";
import type { ReportParams } from "../utils/report-search.ts";
import { csvFileName, monthLabel, sourceLabel, velocityTable } from "../utils/report-table.ts";
import { BarList } from "./bar-list.tsx";
import type { Datum, Series } from "./chart-series.tsx";
import { ColumnChart } from "./column-chart.tsx";
import { useReportContext } from "./report-context.ts";
import { ReportCard } from "./report-card.tsx";

const SERIES: Series[] = [{ key: "days", label: "Median days", color: 1 }];

interface Velocity {
  won: number;
  medianDays: number | null;
}

const datum = (key: string, label: string, v: Velocity, shortLabel?: string): Datum => ({
  key,
  label,
  shortLabel,
  values: { days: v.medianDays },
  valueText: v.medianDays === null ? "none won" : `${v.medianDays.toFixed(1)} days, ${v.won} won`,
});

/** Median days from New Lead to Contract Signed of the deals won in the period: by month, source and owner. */
export function VelocityCard({ params }: { params: ReportParams }) {
  const { names } = useReportContext();
  const query = usePeriodReport("velocity", params);
  const report = query.data ?? undefined;
  return (
    <ReportCard
      title="Velocity"
      description="Median days from New Lead to Contract Signed of the deals won in the period."
      state={query}
      table={report && velocityTable(report, names)}
      csvName={csvFileName("velocity", params)}
      empty={report && report.overall.won === 0 ? "No deals won in this period" : null}
      chart={
        report && (
          <div className="grid min-w-0 gap-5">
            <p className="text-sm">
              <span className="text-2xl font-semibold tabular-nums">{report.overall.medianDays?.toFixed(1)}</span> days median over{" "}
              {report.overall.won} {report.overall.won === 1 ? "deal" : "deals"} won
            </p>
            <ColumnChart
              title="Median days to win, by month"
              series={SERIES}
              xLabel="Month won"
              yLabel="Median days"
              formatTick={(n) => String(n)}
              columnText={(d) => (d.values.days == null ? null : d.values.days.toFixed(1))}
              data={report.byMonth.map((m) => datum(m.month, monthLabel(m.month), m, monthLabel(m.month).slice(0, 3)))}
            />
            <div className="grid min-w-0 gap-5 sm:grid-cols-2">
              <BarList
                title="Median days to win, by source"
                series={SERIES}
                axisLabel="Median days, by source"
                data={report.bySource.map((s) => datum(`source:${s.source}`, sourceLabel(s.source), s))}
              />
              <BarList
                title="Median days to win, by owner"
                series={SERIES}
                axisLabel="Median days, by owner"
                data={report.byOwner.map((o) => datum(`owner:${o.ownerId}`, names.person(o.ownerId), o))}
              />
            </div>
          </div>
        )
      }
    />
  );
}
