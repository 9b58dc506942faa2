import { BarChart3, Download } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { downloadCsv } from "@/lib/download";
import { cn } from "@/lib/utils";
import { csvRows, type ReportTable } from "../utils/report-table.ts";
import { ReportTableView } from "./report-table.tsx";

/** What a card shows of its query: loading, failed, or its content. */
export interface ReportState {
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export interface ReportCardProps {
  title: string;
  description: string;
  state: ReportState;
  /** The report's rows, once loaded: the table view and the CSV. */
  table: ReportTable | undefined;
  csvName: string;
  /** Said instead of the chart when the report holds nothing to draw ("No deals won in this period"). */
  empty: string | null;
  /** The chart; absent for a report that is a table only (Stale leads). */
  chart?: ReactNode;
  /** Shown under the chart or table in either view (the slowest open leads). */
  footer?: ReactNode;
  className?: string;
}

/** A report's card: its chart or, at a toggle, the same figures as a table, and a download of them as CSV. */
export function ReportCard({ title, description, state, table, csvName, empty, chart, footer, className }: ReportCardProps) {
  const titleId = useId();
  const [view, setView] = useState<"chart" | "table">("chart");
  const ready = !state.error && !state.isPending && table !== undefined;
  return (
    <Card role="region" aria-labelledby={titleId} className={cn("min-w-0 gap-4", className)}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <CardTitle id={titleId} className="text-base">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {ready && empty === null && (
          <div className="flex flex-wrap items-center gap-2">
            {chart !== undefined && (
              <div role="group" aria-label={`${title}: view`} className="inline-flex rounded-md border p-0.5">
                {(["chart", "table"] as const).map((option) => (
                  <Button
                    key={option}
                    type="button"
                    size="sm"
                    variant={view === option ? "secondary" : "ghost"}
                    aria-pressed={view === option}
                    className="h-7 px-2.5"
                    onClick={() => setView(option)}
                  >
                    {option === "chart" ? "Chart" : "Table"}
                  </Button>
                ))}
              </div>
            )}
            <Button type="button" size="sm" variant="outline" className="h-8" onClick={() => downloadCsv(csvRows(table), csvName)}>
              <Download aria-hidden="true" />
              Download CSV
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {state.error ? (
          <ErrorState title={`Could not load ${title.toLowerCase()}`} error={state.error} onRetry={() => void state.refetch()} />
        ) : !ready ? (
          <div role="status" aria-label={`Loading ${title.toLowerCase()}`}>
            <Skeleton className="h-56 rounded-lg" />
          </div>
        ) : empty !== null ? (
          <EmptyState icon={BarChart3} title={empty} className="py-8" />
        ) : (
          <>
            {view === "chart" && chart !== undefined ? chart : <ReportTableView table={table} />}
            {footer}
          </>
        )}
      </CardContent>
    </Card>
  );
}
