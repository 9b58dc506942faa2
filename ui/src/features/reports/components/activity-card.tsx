import { ACTIVITY_KINDS, type ActivityReport } from "@crm/contracts/reports/reports";
import { formatDay } from "@/lib/format";
import { usePeriodReport } from "../api/get-reports.ts";
import type { ReportParams } from "../utils/report-search.ts";
import { ACTIVITY_LABELS, activityTable, csvFileName } from "../utils/report-table.ts";
import { BarList } from "./bar-list.tsx";
import type { ChartColor, Datum, Series } from "./chart-series.tsx";
import { ColumnChart } from "./column-chart.tsx";
import { useReportContext } from "./report-context.ts";
import { ReportCard } from "./report-card.tsx";

const COLORS: Readonly<Record<(typeof ACTIVITY_KINDS)[number], ChartColor>> = { call: 1, meeting: 2, email: 3, sms: 5 };
const SERIES: Series[] = ACTIVITY_KINDS.map((kind) => ({ key: kind, label: ACTIVITY_LABELS[kind], color: COLORS[kind] }));

type Row = ActivityReport["rows"][number];
type Counts = Record<(typeof ACTIVITY_KINDS)[number], number>;

/** The rows summed by a key (the week, the person), in first-seen order. */
function sumBy(rows: readonly Row[], keyOf: (row: Row) => string): [string, Counts][] {
  const sums = new Map<string, Counts>();
  for (const row of rows) {
    const key = keyOf(row);
    const sum = sums.get(key) ?? { call: 0, meeting: 0, email: 0, sms: 0 };
    for (const kind of ACTIVITY_KINDS) sum[kind] += row[kind];
    sums.set(key, sum);
  }
  return [...sums];
}

const total = (counts: Counts) => ACTIVITY_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
const datum = (key: string, label: string, counts: Counts, shortLabel?: string): Datum => ({
  key,
  label,
  shortLabel,
  values: counts,
  valueText: `${total(counts)} (${ACTIVITY_KINDS.map((kind) => `${counts[kind]} ${ACTIVITY_LABELS[kind].toLowerCase()}`).join(", ")})`,
});

/** Calls logged, meetings scheduled, emails and texts sent: the team's per week, and each person's over the period. */
export function ActivityCard({ params }: { params: ReportParams }) {
  const { names } = useReportContext();
  const query = usePeriodReport("activity", params);
  const report = query.data ?? undefined;
  const weeks = report ? sumBy(report.rows, (row) => row.week) : [];
  const people = report
    ? sumBy(report.rows, (row) => row.userId).sort(([, a], [, b]) => total(b) - total(a))
    : [];
  return (
    <ReportCard
      className="lg:col-span-2"
      title="Activity"
      description="Calls logged, meetings scheduled, emails and texts sent in the period, per week and per person."
      state={query}
      table={report && activityTable(report, names)}
      csvName={csvFileName("activity", params)}
      empty={report && report.rows.length === 0 ? "No calls, meetings, emails or texts in this period" : null}
      chart={
        report && (
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <ColumnChart
              title="Activity per week"
              series={SERIES}
              xLabel="Week of"
              yLabel="Activities"
              formatTick={(n) => String(n)}
              columnText={(d) => String(ACTIVITY_KINDS.reduce((sum, kind) => sum + (d.values[kind] ?? 0), 0))}
              data={weeks.map(([week, counts]) => datum(week, formatDay(week).replace(/, \d{4}$/, ""), counts, `${Number(week.slice(5, 7))}/${Number(week.slice(8))}`))}
            />
            <BarList
              title="Activity per person"
              series={SERIES}
              axisLabel="Activities in the period, per person"
              data={people.map(([userId, counts]) => datum(userId, names.person(userId), counts))}
            />
          </div>
        )
      }
    />
  );
}
