import type { CreativeTask } from "@crm/contracts/creative/answers";
import { Badge } from "@/components/ui/badge";
import { useTimeZone } from "@/api/use-time-zone";
import { todayIn } from "@/lib/format";
import { groupTasks } from "../utils/creative-model.ts";
import { TaskItem } from "./task-item.tsx";

export interface TaskGroupsViewProps {
  tasks: readonly CreativeTask[];
  showLead?: boolean;
  canAct: boolean;
  /** Columns side by side on wide screens (the creative page); stacked in a card. */
  columns?: boolean;
}

/** Tasks grouped Pending (todo), In Progress and Completed; cancelled ones listed last when there are any. */
export function TaskGroupsView({ tasks, showLead = false, canAct, columns = false }: TaskGroupsViewProps) {
  const groups = groupTasks(tasks);
  const today = todayIn(useTimeZone());
  const sections = [
    { key: "pending", title: "Pending", items: groups.pending },
    { key: "in-progress", title: "In Progress", items: groups.inProgress },
    { key: "completed", title: "Completed", items: groups.completed },
    ...(groups.cancelled.length > 0 ? [{ key: "cancelled", title: "Cancelled", items: groups.cancelled }] : []),
  ];
  return (
    <div className={columns ? "grid gap-4 lg:grid-cols-3" : "grid gap-4"}>
      {sections.map((s) => (
        <section key={s.key} aria-labelledby={`tasks-${s.key}`} className="grid content-start gap-2">
          <h3 id={`tasks-${s.key}`} className="flex items-center gap-2 text-sm font-semibold">
            {s.title} <Badge variant="secondary">{s.items.length}</Badge>
          </h3>
          {s.items.length === 0 ? (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">No {s.title.toLowerCase()} tasks.</p>
          ) : (
            <ul className="grid gap-2">
              {s.items.map((t) => (
                <TaskItem key={t.id} task={t} today={today} showLead={showLead} canAct={canAct} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
