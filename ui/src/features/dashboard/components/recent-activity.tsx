import type { Activity } from "@crm/contracts/activity/activity";
import { ACTIVITY_ICONS, ActivityText, ActivityWhen } from "@/components/activity";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replaceAll("_", " ");

/** The Recent Activity timeline: type, title, description, "… ago" and the user. */
export function RecentActivity({ activities }: { activities: Activity[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <CardDescription>The latest changes across your pipeline.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="relative space-y-5 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border">
          {activities.map((activity) => {
            const Icon = ACTIVITY_ICONS[activity.type];
            return (
              <li key={activity.id} className="relative flex gap-4">
                <span className="z-10 flex size-8 shrink-0 items-center justify-center rounded-full border bg-card">
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1 space-y-0.5">
                  <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{typeLabel(activity.type)}</p>
                  <p className="text-sm font-medium">{activity.title}</p>
                  <ActivityText activity={activity} />
                  <ActivityWhen createdAt={activity.createdAt} userLabel={activity.userLabel} />
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
