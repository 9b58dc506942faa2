import { CheckCircle2, Clock, ListTodo, Users, type LucideIcon } from "lucide-react";
import type { CreativeCounters as Counters } from "@/components/creative-cards/creative-model";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

const CARDS: { key: keyof Counters; label: string; icon: LucideIcon; tone: string }[] = [
  { key: "clients", label: "My Clients", icon: Users, tone: "bg-primary/10 text-primary" },
  { key: "pendingSubmissions", label: "Pending Submissions", icon: Clock, tone: "bg-warning/15 text-warning" },
  { key: "approvedContent", label: "Approved Content", icon: CheckCircle2, tone: "bg-success/15 text-success" },
  { key: "activeTasks", label: "Active Tasks", icon: ListTodo, tone: "bg-chart-2/15 text-chart-2" },
];

/** The four counters of the creative dashboard (SPEC.md §2). */
export function CreativeCounters({ counters, loading }: { counters: Counters; loading: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:gap-4 xl:grid-cols-4" aria-label="Creative figures">
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
              <p className="text-3xl font-semibold tracking-tight tabular-nums" aria-label={`${label}: ${counters[key]}`}>
                {counters[key]}
              </p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
