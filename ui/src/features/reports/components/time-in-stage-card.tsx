import { Link } from "react-router";
import type { TimeInStageReport } from "@crm/contracts/reports/reports";
import { usePeriodReport } from "../api/get-reports.ts";
import type { ReportParams } from "../utils/report-search.ts";
import { csvFileName, timeInStageTable } from "../utils/report-table.ts";
import { BarList } from "./bar-list.tsx";
import type { Series } from "./chart-series.tsx";
import { ReportCard } from "./report-card.tsx";

const SERIES: Series[] = [
  { key: "median", label: "Median", color: 1 },
  { key: "p90", label: "90th percentile", color: 2 },
];

const days = (n: number) => `${n.toFixed(1)} d`;

/** How long the stays that ended in the period lasted, per stage, and the open leads that have waited longest. */
export function TimeInStageCard({ params }: { params: ReportParams }) {
  const query = usePeriodReport("time-in-stage", params);
  const report = query.data ?? undefined;
  const empty =
    report && report.stages.every((s) => s.ended === 0 && s.slowest.length === 0) ? "No lead left a stage in this period, and none is waiting" : null;
  return (
    <ReportCard
      title="Time in stage"
      description="Days the stays that ended in the period lasted: median and 90th percentile."
      state={query}
      table={report && timeInStageTable(report)}
      csvName={csvFileName("time-in-stage", params)}
      empty={empty}
      chart={
        report && (
          <BarList
            title="Time in stage"
            series={SERIES}
            mode="overlay"
            axisLabel="Days in the stage"
            data={report.stages.map((s) => ({
              key: s.stage,
              label: s.stage,
              values: { median: s.medianDays, p90: s.p90Days },
              valueText: s.medianDays === null || s.p90Days === null ? "none ended" : `${days(s.medianDays)} · p90 ${days(s.p90Days)}`,
            }))}
          />
        )
      }
      footer={report && <SlowestLeads report={report} />}
    />
  );
}

/** The open leads each stage has held longest, each a link to its page. */
function SlowestLeads({ report }: { report: TimeInStageReport }) {
  const stages = report.stages.filter((s) => s.slowest.length > 0);
  if (stages.length === 0) return null;
  return (
    <section aria-label="Slowest open leads" className="space-y-2 border-t pt-3">
      <h3 className="text-sm font-medium">Slowest open leads</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {stages.map((s) => (
          <div key={s.stage} className="min-w-0 space-y-1">
            <h4 className="text-xs font-medium text-muted-foreground">
              {s.stage} · {s.open} open
            </h4>
            <ul className="space-y-0.5 text-sm">
              {s.slowest.map((lead) => (
                <li key={lead.id} className="flex items-baseline justify-between gap-2">
                  <Link to={`/lead/${lead.id}`} className="truncate text-primary underline-offset-4 hover:underline">
                    {lead.name}
                    <span className="text-muted-foreground"> · {lead.business}</span>
                  </Link>
                  <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{lead.days.toFixed(1)} days</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
