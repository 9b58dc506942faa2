import { ClipboardCheck, History } from "lucide-react";
import type { OnboardingActivity } from "@crm/contracts/onboarding/answers";
import { ACTIVITY_ICONS, ActivityText, ActivityWhen } from "@/components/activity";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useOnboardingActivities } from "../api/get-onboarding-activities.ts";

const iconOf = (activity: OnboardingActivity) =>
  activity.title.startsWith("Onboarding questionnaire") ? ClipboardCheck : ACTIVITY_ICONS[activity.type];

/** Recent Onboarding Activities: real events of the clients in onboarding, newest first. */
export function OnboardingActivities() {
  const activities = useOnboardingActivities(10);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Recent Onboarding Activities</CardTitle>
        <CardDescription>Across every client in onboarding.</CardDescription>
      </CardHeader>
      <CardContent>
        {activities.error ? (
          <ErrorState title="Could not load activities" error={activities.error} onRetry={() => void activities.refetch()} />
        ) : activities.isPending ? (
          <div className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : activities.data.length === 0 ? (
          <EmptyState icon={History} title="No onboarding activity yet" className="py-8" />
        ) : (
          <ol className="grid gap-4" aria-label="Recent onboarding activities">
            {activities.data.map((activity) => {
              const Icon = iconOf(activity);
              return (
                <li key={activity.id} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10">
                    <Icon className="size-4 text-primary" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1 space-y-0.5">
                    <p className="text-sm font-medium">{activity.title}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {activity.leadName} · {activity.business}
                    </p>
                    <ActivityText activity={activity} />
                    <ActivityWhen createdAt={activity.createdAt} userLabel={activity.userLabel} />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
