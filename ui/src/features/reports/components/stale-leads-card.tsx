import { useStaleLeads } from "../api/get-reports.ts";
import type { ReportFilter } from "../utils/report-search.ts";
import { csvFileName, staleLeadsTable } from "../utils/report-table.ts";
import { useReportContext } from "./report-context.ts";
import { ReportCard } from "./report-card.tsx";

/** Open leads idle for longer than their stage's limit (Settings), longest idle first; each name opens the lead. */
export function StaleLeadsCard({ filter }: { filter: ReportFilter }) {
  const { names, today, settingsVersion } = useReportContext();
  const query = useStaleLeads(filter, settingsVersion);
  const stale = query.data ?? undefined;
  return (
    <ReportCard
      className="lg:col-span-2"
      title="Stale leads"
      description="Open leads with no activity for longer than their stage's limit in Settings. The period does not apply."
      state={query}
      table={stale && staleLeadsTable(stale, names)}
      csvName={csvFileName("stale-leads", { on: today })}
      empty={stale && stale.leads.length === 0 ? "No stale leads: every open lead has had activity within its stage's limit" : null}
    />
  );
}
