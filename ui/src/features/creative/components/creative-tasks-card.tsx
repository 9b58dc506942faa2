import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTasks } from "../api/get-tasks.ts";
import { useCanActOnCreative, type CreativeCardProps } from "./content-submissions-card.tsx";
import { TaskGroupsView } from "./task-groups-view.tsx";
import { CreateTaskDialog } from "./lazy-dialogs.ts";

/** The lead page's Creative Tasks card (only when the lead has a creative director: docs/product.md, "Lead page"). */
export function CreativeTasksCard({ lead }: CreativeCardProps) {
  const tasks = useTasks(lead.id);
  const canAct = useCanActOnCreative(lead);
  const [creating, setCreating] = useState(false);
  return (
    <Card data-creative-card="tasks">
      <CardHeader>
        <CardTitle className="text-base">Creative Tasks</CardTitle>
        {canAct && (
          <CardAction>
            <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" /> Create Task
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {tasks.isPending ? (
          <Skeleton className="h-20" aria-hidden="true" />
        ) : tasks.error ? (
          <p className="text-sm text-destructive">Could not load the creative tasks.</p>
        ) : tasks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No creative tasks yet.</p>
        ) : (
          <TaskGroupsView tasks={tasks.data} canAct={canAct} />
        )}
      </CardContent>
      {canAct && <CreateTaskDialog clients={[lead]} defaultLeadId={lead.id} open={creating} onOpenChange={setCreating} />}
    </Card>
  );
}
