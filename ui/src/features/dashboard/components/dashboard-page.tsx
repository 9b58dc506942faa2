import { BarChart3 } from "lucide-react";
import { useTimeZone } from "@/api/use-time-zone";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/session";
import { usePipelineCharts } from "../api/get-pipeline-charts.ts";
import { useRecentActivities } from "../api/get-recent-activities.ts";
import { useStats } from "../api/get-stats.ts";
import { ChartCard } from "./chart-card.tsx";
import { LeadsByStageChart } from "./leads-by-stage-chart.tsx";
import { NewLeadsChart } from "./new-leads-chart.tsx";
import { RecentActivity } from "./recent-activity.tsx";
import { StatCards } from "./stat-cards.tsx";

/** / and /dashboard: counters, pipeline charts and the Recent Activity timeline. */
export function DashboardPage() {
  const user = useCurrentUser();
  const stats = useStats();
  const activities = useRecentActivities();
  return (
    <>
      <PageHeader title="Dashboard" description="Welcome back! Here's an overview of your CRM activity." />
      {stats.error ? (
        <ErrorState title="Could not load the figures" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} loading={stats.isPending} />
      )}
      {user.role !== "Creative Director" && <PipelineCharts />}
      {activities.error && (
        <ErrorState title="Could not load recent activity" error={activities.error} onRetry={() => void activities.refetch()} />
      )}
      {activities.data && activities.data.length > 0 && <RecentActivity activities={activities.data} />}
    </>
  );
}

/** The two charts, counted by the server (it no longer sends every lead to be counted here). */
function PipelineCharts() {
  const charts = usePipelineCharts(useTimeZone());
  if (charts.error) return <ErrorState title="Could not load the pipeline" error={charts.error} onRetry={() => void charts.refetch()} />;
  if (charts.isPending || !charts.data) {
    return (
      <div className="grid gap-4 lg:grid-cols-2" role="status" aria-label="Loading charts">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  if (charts.data.byStage.every((stage) => stage.count === 0)) {
    return (
      <EmptyState icon={BarChart3} title="No leads yet" description="Charts of your pipeline appear here once the first lead is added." />
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title="Leads per stage" description="Where every open lead stands in the pipeline.">
        <LeadsByStageChart data={charts.data.byStage} />
      </ChartCard>
      <ChartCard title="New leads per week" description="Leads added in each of the last eight weeks.">
        <NewLeadsChart data={charts.data.newPerWeek} />
      </ChartCard>
    </div>
  );
}
