import { usePeriodReport } from "../api/get-reports.ts";
import type { ReportParams } from "../utils/report-search.ts";
import { csvFileName, sourceLabel, winRateTable } from "../utils/report-table.ts";
import { BarList } from "./bar-list.tsx";
import type { Datum, Series } from "./chart-series.tsx";
import { useReportContext } from "./report-context.ts";
import { ReportCard } from "./report-card.tsx";

const OUTCOMES: Series[] = [
  { key: "won", label: "Won", color: 4 },
  { key: "lost", label: "Lost", color: 5 },
];
const REASONS: Series[] = [{ key: "count", label: "Lost", color: 5 }];

interface Outcome {
  won: number;
  lost: number;
  winRate: number | null;
}

const rate = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);

const datum = (key: string, label: string, o: Outcome): Datum => ({
  key,
  label,
  values: { won: o.won, lost: o.lost },
  valueText: `${rate(o.winRate)} (${o.won} won, ${o.lost} lost)`,
});

/** The deals closed in the period, won against lost, by source and owner, and why the lost ones were lost. */
export function WinRateCard({ params }: { params: ReportParams }) {
  const { names } = useReportContext();
  const query = usePeriodReport("win-rate", params);
  const report = query.data ?? undefined;
  return (
    <ReportCard
      title="Win rate"
      description="Deals won against deals lost in the period, and the reasons given for the lost ones."
      state={query}
      table={report && winRateTable(report, names)}
      csvName={csvFileName("win-rate", params)}
      empty={report && report.overall.won + report.overall.lost === 0 ? "No deals won or lost in this period" : null}
      chart={
        report && (
          <div className="grid min-w-0 gap-5">
            <p className="text-sm">
              <span className="text-2xl font-semibold tabular-nums">{rate(report.overall.winRate)}</span> won: {report.overall.won} won,{" "}
              {report.overall.lost} lost
            </p>
            <BarList
              title="Won and lost, by source"
              series={OUTCOMES}
              axisLabel="Deals closed, by source"
              data={report.bySource.map((s) => datum(`source:${s.source}`, sourceLabel(s.source), s))}
            />
            <BarList
              title="Won and lost, by owner"
              series={OUTCOMES}
              axisLabel="Deals closed, by owner"
              data={report.byOwner.map((o) => datum(`owner:${o.ownerId}`, names.person(o.ownerId), o))}
            />
            {report.lostReasons.length > 0 && (
              <BarList
                title="Lost reasons"
                series={REASONS}
                axisLabel="Deals lost, by reason"
                data={report.lostReasons.map((r) => ({ key: r.reason, label: r.reason, values: { count: r.count }, valueText: String(r.count) }))}
              />
            )}
          </div>
        )
      }
    />
  );
}
