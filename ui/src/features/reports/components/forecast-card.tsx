import { formatMoney, fractionDigits } from "@/lib/money";
import { useForecast } from "../api/get-reports.ts";
import type { ReportFilter } from "../utils/report-search.ts";
import { csvFileName, forecastTable, monthLabel } from "../utils/report-table.ts";
import type { Datum, Series } from "./chart-series.tsx";
import { ColumnChart } from "./column-chart.tsx";
import { useReportContext } from "./report-context.ts";
import { ReportCard } from "./report-card.tsx";

const SERIES: Series[] = [
  { key: "won", label: "Won (actual)", color: 4 },
  { key: "value", label: "Open value", color: 2 },
  { key: "weighted", label: "Weighted by probability", color: 1 },
];

/** The open deals' value by expected close month, weighted by probability, beside the value won in each of the last 12 months. */
export function ForecastCard({ filter }: { filter: ReportFilter }) {
  const { currency: agencyCurrency, today, settingsVersion } = useReportContext();
  const query = useForecast(filter, settingsVersion);
  const report = query.data ?? undefined;
  const currency = report?.currency ?? agencyCurrency;
  const money = (minor: number) => formatMoney(minor, currency);
  const compact = (minor: number) => formatMoney(minor, currency, { compact: true });
  const nothing =
    report &&
    report.actuals.every((a) => a.won === 0) &&
    report.months.every((m) => m.count === 0) &&
    report.undated.count === 0;
  const data: Datum[] = report
    ? [
        ...report.actuals.map((a) => ({
          key: `won:${a.month}`,
          label: monthLabel(a.month),
          shortLabel: monthLabel(a.month).slice(0, 3),
          values: { won: a.valueMinor },
          valueText: `won ${money(a.valueMinor)} in ${a.won} ${a.won === 1 ? "deal" : "deals"}`,
        })),
        ...report.months.map((m) => ({
          key: `open:${m.month}`,
          label: monthLabel(m.month),
          shortLabel: monthLabel(m.month).slice(0, 3),
          values: { value: m.valueMinor, weighted: m.weightedMinor },
          valueText: `${m.count} open ${m.count === 1 ? "deal" : "deals"} worth ${money(m.valueMinor)}, weighted ${money(m.weightedMinor)}`,
        })),
      ]
    : [];
  const open = report ? [...report.months, report.undated].reduce((sum, m) => sum + m.valueMinor, 0) : 0;
  const weighted = report ? [...report.months, report.undated].reduce((sum, m) => sum + m.weightedMinor, 0) : 0;
  return (
    <ReportCard
      className="lg:col-span-2"
      title="Forecast"
      description="Open deals by expected close month, weighted by probability, beside the deals won in the last 12 months. The period does not apply."
      state={query}
      table={report && forecastTable(report)}
      csvName={csvFileName("forecast", { on: today })}
      empty={nothing ? "No open deals with a value, and none won in the last 12 months" : null}
      chart={
        report && (
          <div className="grid min-w-0 gap-4">
            <p className="text-sm">
              <span className="text-2xl font-semibold tabular-nums">{money(weighted)}</span> weighted of {money(open)} open
              {report.undated.count > 0 && (
                <span className="text-muted-foreground">
                  {" "}
                  ({report.undated.count} {report.undated.count === 1 ? "deal" : "deals"} worth {money(report.undated.valueMinor)} with no
                  close date)
                </span>
              )}
            </p>
            <ColumnChart
              title={`Forecast in ${currency}`}
              series={SERIES}
              mode="overlay"
              xLabel="Month won (past) and expected close month (ahead)"
              yLabel={`Value (${currency})`}
              formatTick={compact}
              minTop={10 ** fractionDigits(currency)}
              columnText={(d) => {
                const top = Math.max(d.values.won ?? 0, d.values.value ?? 0);
                return top > 0 ? compact(top) : null;
              }}
              data={data}
            />
          </div>
        )
      }
    />
  );
}
