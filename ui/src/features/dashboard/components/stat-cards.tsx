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
    <ul className="grid grid-cols-2 gap-3 md:gap-4 xl:grid-cols-4" aria-label="Pipeline figures">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <li key={key}>
          <Card className="h-full justify-between gap-3 p-4 md:p-5">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm leading-snug text-muted-foreground">{label}</p>
              <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="size-4" aria-hidden="true" />
              </span>
            </div>
            {loading ? (
              <Skeleton className="h-8 w-12" />
            ) : (
              <p className="text-3xl font-semibold tracking-tight tabular-nums">{stats?.[key] ?? 0}</p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
