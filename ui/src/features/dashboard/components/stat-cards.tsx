import { FileClock, Rocket, UserPlus, Users, type LucideIcon } from "lucide-react";
import type { Stats } from "@crm/contracts/lead/lead";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

const CARDS: { key: keyof Stats; label: string; icon: LucideIcon; tone: string }[] = [
  { key: "newLeads", label: "New Leads", icon: UserPlus, tone: "bg-primary/10 text-primary" },
  { key: "contractsPending", label: "Contracts Pending", icon: FileClock, tone: "bg-warning/15 text-warning" },
  { key: "onboardingInProgress", label: "Onboarding In Progress", icon: Rocket, tone: "bg-chart-2/15 text-chart-2" },
  { key: "clientsAssigned", label: "Clients Assigned", icon: Users, tone: "bg-success/15 text-success" },
];

/** The four counters of SPEC.md §2; a missing value shows 0. */
export function StatCards({ stats, loading }: { stats: Partial<Stats> | null | undefined; loading: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Pipeline figures">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="flex-row items-center gap-4 px-5 py-5">
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm text-muted-foreground">{label}</p>
              {loading ? (
                <Skeleton className="mt-1 h-7 w-10" />
              ) : (
                <p className="text-2xl font-semibold tabular-nums">{stats?.[key] ?? 0}</p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
