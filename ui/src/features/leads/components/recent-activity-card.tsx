import { NotebookPen } from "lucide-react";
import { useState } from "react";
import { ActivityText, ActivityWhen } from "@/components/activity";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useLeadActivities } from "../api/get-lead-activities.ts";
import { LogActivityDialog } from "./lazy-dialogs.ts";

/** docs/product.md, "Limits and constants": the lead page shows the first 5 activities. */
export const LEAD_PAGE_ACTIVITY_COUNT = 5;

export interface RecentActivityCardProps {
  leadId: string;
  /** Offers Log Activity (staff, on a lead that is neither archived nor erased). */
  canLog?: boolean;
}

/**
 * Recent Activity: the newest five entries of the lead's timeline, with who and when, times in the
 * reader's zone and open follow-ups; Log Activity records a call, note, proposal or contract.
 */
export function RecentActivityCard({ leadId, canLog = false }: RecentActivityCardProps) {
  const activities = useLeadActivities(leadId);
  const [logging, setLogging] = useState(false);
  const shown = activities.data?.slice(0, LEAD_PAGE_ACTIVITY_COUNT) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recent Activity</CardTitle>
        {canLog && (
          <CardAction>
            <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setLogging(true)}>
              <NotebookPen aria-hidden="true" />
              Log Activity
            </Button>
          </CardAction>
        )}
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
          <ol className="space-y-4" aria-label="Recent activity">
            {shown.map((activity) => (
              <li key={activity.id} className="grid gap-1 border-l-2 pl-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="outline">{activity.type.replaceAll("_", " ")}</Badge>
                  <span className="text-sm font-medium break-words">{activity.title}</span>
                </div>
                <ActivityText activity={activity} />
                <ActivityWhen createdAt={activity.createdAt} userLabel={activity.userLabel} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      {canLog && <LogActivityDialog leadId={leadId} open={logging} onOpenChange={setLogging} />}
    </Card>
  );
}
