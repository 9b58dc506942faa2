import { ActivityWhen } from "@/components/activity";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useLeadActivities } from "../api/get-lead-activities.ts";

/** docs/product.md, "Limits and constants": the lead page shows the first 5 activities. */
export const LEAD_PAGE_ACTIVITY_COUNT = 5;

/** Recent Activity: the newest five entries of the lead's timeline, with who and when. */
export function RecentActivityCard({ leadId }: { leadId: string }) {
  const activities = useLeadActivities(leadId);
  const shown = activities.data?.slice(0, LEAD_PAGE_ACTIVITY_COUNT) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activities.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : activities.error ? (
          <p className="text-sm text-destructive">Could not load the activity.</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ol className="space-y-4">
            {shown.map((activity) => (
              <li key={activity.id} className="grid gap-1 border-l-2 pl-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="outline">{activity.type.replaceAll("_", " ")}</Badge>
                  <span className="text-sm font-medium">{activity.title}</span>
                </div>
                {activity.description && <p className="text-sm break-words text-muted-foreground">{activity.description}</p>}
                <ActivityWhen createdAt={activity.createdAt} userLabel={activity.userLabel} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
