import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useSettings } from "@/api/get-settings";
import { useStaff } from "@/api/get-staff";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { todayIn } from "@/lib/format";
import { ownerName, possibleOwners } from "@/lib/owners";
import { filterOf, readReportSearch, resolvePeriod, writeReportSearch, type ReportSearch } from "../utils/report-search.ts";
import type { Names } from "../utils/report-table.ts";
import { ActivityCard } from "./activity-card.tsx";
import { ForecastCard } from "./forecast-card.tsx";
import { FunnelCard } from "./funnel-card.tsx";
import { ReportContextValue } from "./report-context.ts";
import { ReportControls } from "./report-controls.tsx";
import { StaleLeadsCard } from "./stale-leads-card.tsx";
import { TimeInStageCard } from "./time-in-stage-card.tsx";
import { VelocityCard } from "./velocity-card.tsx";
import { WinRateCard } from "./win-rate-card.tsx";

/** /reports: the period picker and filters, then one card per report (docs/product.md, "Reports"). */
export function ReportsPage() {
  const settings = useSettings();
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const search = readReportSearch(params);
  const change = useCallback((next: ReportSearch) => setParams(writeReportSearch(next), { replace: true }), [setParams]);
  const header = <PageHeader title="Reports" description="How the pipeline moves: conversion, speed, wins, forecast and activity." />;
  if (settings.error)
    return (
      <>
        {header}
        <ErrorState title="Could not load the agency's settings" error={settings.error} onRetry={() => void settings.refetch()} />
      </>
    );
  if (!settings.data)
    return (
      <>
        {header}
        <div role="status" aria-label="Loading reports" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      </>
    );
  // Days are the agency's: "this week" is the week holding today in its zone, from its week start.
  const today = todayIn(settings.data.timeZone);
  const period = resolvePeriod(search, today, settings.data.weekStart);
  const filter = filterOf(search);
  const reportParams = period && { ...period, ...filter };
  const names: Names = {
    person: (id) => (id === null ? "No owner" : (ownerName(staff.data, id) ?? "…")),
  };
  return (
    <ReportContextValue value={{ names, currency: settings.data.currency, today, settingsVersion: settings.data.version }}>
      {header}
      <ReportControls search={search} onChange={change} period={period} owners={possibleOwners(staff.data)} />
      <div className="grid gap-4 lg:grid-cols-2">
        {reportParams && (
          <>
            <FunnelCard params={reportParams} />
            <TimeInStageCard params={reportParams} />
            <VelocityCard params={reportParams} />
            <WinRateCard params={reportParams} />
          </>
        )}
        <ForecastCard filter={filter} />
        {reportParams && <ActivityCard params={reportParams} />}
        <StaleLeadsCard filter={filter} />
      </div>
    </ReportContextValue>
  );
}
