import { AlertTriangle, CalendarDays, CheckCircle2, Paperclip, Play, XCircle } from "lucide-react";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDay } from "@/lib/format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useCancelTask } from "../api/cancel-task.ts";
import { useCompleteTask } from "../api/complete-task.ts";
import { useStartTask } from "../api/start-task.ts";
import { isOverdue } from "../utils/creative-model.ts";
import { useTimeZone } from "@/api/use-time-zone";

const PRIORITY_EDGE = { high: "border-l-destructive", medium: "border-l-warning", low: "border-l-chart-2" } as const;
const DONE = { start: "Task Started", complete: "Task Completed", cancel: "Task Cancelled" } as const;
type TaskMove = keyof typeof DONE;

/** "2030-01-31" as "Jan 31, 2030" in any time zone (a calendar date, not an instant). */

export interface TaskItemProps {
  task: CreativeTask;
  today: string;
  showLead: boolean;
  canAct: boolean;
}

/** One task: priority edge, due date (marked when overdue), attachments and the moves it allows. */
export function TaskItem({ task, today, showLead, canAct }: TaskItemProps) {
  const zone = useTimeZone();
  const moves = { start: useStartTask(), complete: useCompleteTask(), cancel: useCancelTask() };
  const pending = Object.values(moves).some((move) => move.isPending);
  const overdue = isOverdue(task, today);
  const open = task.status === "todo" || task.status === "in_progress";
  // The toast follows mutateAsync, not mutate's own callbacks: the refresh that ends the mutation
  // moves the task to another column, which unmounts this item, and mutate skips the callbacks of
  // an unmounted caller (the "Task Completed" toast went missing whenever the refresh won that race).
  const run = (which: TaskMove) =>
    moves[which].mutateAsync(task).then(
      () => toast({ title: DONE[which], description: task.title }),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: "Task Update Failed",
          description: errorMessage(error, "Failed to update the task. Please try again."),
        }),
    );
  return (
    <li
      className={cn("grid gap-1.5 rounded-lg border border-l-4 p-3", PRIORITY_EDGE[task.priority], overdue && "bg-destructive/5")}
      aria-label={task.title}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium break-words">{task.title}</h4>
        <Badge variant="outline" className="capitalize">
          {task.priority}
        </Badge>
        {overdue && (
          <Badge variant="destructive">
            <AlertTriangle className="size-3" aria-hidden="true" /> Overdue
          </Badge>
        )}
      </div>
      {showLead && <p className="text-xs text-muted-foreground">{task.leadName}</p>}
      <p className="text-sm break-words text-muted-foreground">{task.description}</p>
      <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {task.dueDate && (
          <span className={cn("inline-flex items-center gap-1", overdue && "font-medium text-destructive")}>
            <CalendarDays className="size-3" aria-hidden="true" /> Due {formatDay(task.dueDate)}
          </span>
        )}
        {task.completedAt && <span>Completed {formatDate(task.completedAt, zone)}</span>}
      </div>
      {task.files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {task.files.map((f) => (
            <li key={f.fileId}>
              <a
                href={f.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-xs break-all text-primary hover:underline"
              >
                <Paperclip className="size-3" aria-hidden="true" /> {f.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      {canAct && open && (
        <div className="mt-1 flex flex-wrap gap-2">
          {task.status === "todo" && (
            <Button size="sm" variant="outline" disabled={pending} onClick={() => run("start")} aria-label={`Start ${task.title}`}>
              <Play aria-hidden="true" /> Start Task
            </Button>
          )}
          <Button size="sm" disabled={pending} onClick={() => run("complete")} aria-label={`Mark ${task.title} complete`}>
            <CheckCircle2 aria-hidden="true" /> Mark Complete
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled={pending}
            onClick={() => run("cancel")}
            aria-label={`Cancel ${task.title}`}
          >
            <XCircle aria-hidden="true" /> Cancel
          </Button>
        </div>
      )}
    </li>
  );
}
