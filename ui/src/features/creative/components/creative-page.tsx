import { ClipboardList, ImageOff, Lock, Plus, Upload } from "lucide-react";
import { useState, type ReactNode } from "react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { mayChange } from "@/lib/roles";
import { useCurrentUser } from "@/lib/session";
import { useAssignedClients } from "../api/get-assigned-clients.ts";
import { useSubmissions } from "../api/get-submissions.ts";
import { useTasks } from "../api/get-tasks.ts";
import { creativeCounters } from "../utils/creative-model.ts";
import { ClientsTab } from "./clients-tab.tsx";
import { CreativeCounters } from "./creative-counters.tsx";
import { SubmissionList } from "./submission-list.tsx";
import { TaskGroupsView } from "./task-groups-view.tsx";
import { CreateTaskDialog, UploadContentDialog } from "./lazy-dialogs.ts";

/** Loading, error or the content of one query-backed tab. */
function Loaded({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  what: string;
  children: ReactNode;
}) {
  if (query.error) return <ErrorState title={`Could not load ${what}`} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  return children;
}

/** /creative: Creative Portal for a Partner, My Clients for a Creative Director (docs/product.md, "Creative portal"); not a Project Manager's area (docs/product.md, "Roles"). */
export function CreativePage() {
  const user = useCurrentUser();
  if (user.role === "Project Manager") {
    return (
      <>
        <PageHeader title="Creative Portal" />
        <EmptyState
          icon={Lock}
          title="The creative area is for Partners and Creative Directors"
          description="Content and tasks of a client show on its lead page."
        />
      </>
    );
  }
  return <CreativeDashboard />;
}

function CreativeDashboard() {
  const user = useCurrentUser();
  const isDirector = user.role === "Creative Director";
  // An Auditor reads the Partner's portal: no upload, task or review.
  const acts = mayChange(user.role);
  const clients = useAssignedClients();
  const submissions = useSubmissions();
  const tasks = useTasks();
  const [dialog, setDialog] = useState<"upload" | "task" | null>(null);
  const clientList = clients.data ?? [];
  const counters = creativeCounters(clientList.length, submissions.data ?? [], tasks.data ?? []);
  const noClients = clientList.length === 0;
  return (
    <>
      <PageHeader
        title={isDirector ? "My Clients" : "Creative Portal"}
        description={
          isDirector
            ? "Your clients, their content and your tasks."
            : "Every client with a creative director: content to review and tasks in flight."
        }
        actions={
          acts && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={noClients} onClick={() => setDialog("task")}>
                <Plus aria-hidden="true" /> Create Task
              </Button>
              <Button disabled={noClients} onClick={() => setDialog("upload")}>
                <Upload aria-hidden="true" /> Upload Content
              </Button>
            </div>
          )
        }
      />
      <CreativeCounters counters={counters} loading={clients.isPending || submissions.isPending || tasks.isPending} />
      <Tabs defaultValue="clients" className="mt-6">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="clients">Clients</TabsTrigger>
          <TabsTrigger value="submissions">Submissions</TabsTrigger>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
        </TabsList>
        <TabsContent value="clients" className="mt-2">
          <Loaded query={clients} what="clients">
            <ClientsTab clients={clientList} submissions={submissions.data ?? []} tasks={tasks.data ?? []} isDirector={isDirector} />
          </Loaded>
        </TabsContent>
        <TabsContent value="submissions" className="mt-2">
          <Loaded query={submissions} what="submissions">
            {submissions.data?.length ? (
              <SubmissionList submissions={submissions.data} showLead canReview={acts} />
            ) : (
              <EmptyState
                icon={ImageOff}
                title="No content submitted yet"
                description="Uploaded photos, videos, graphics and captions appear here for review."
              />
            )}
          </Loaded>
        </TabsContent>
        <TabsContent value="tasks" className="mt-2">
          <Loaded query={tasks} what="tasks">
            {tasks.data?.length ? (
              <TaskGroupsView tasks={tasks.data} showLead canAct={acts} columns />
            ) : (
              <EmptyState
                icon={ClipboardList}
                title="No tasks yet"
                description="Create a task to plan the next piece of work for a client."
              />
            )}
          </Loaded>
        </TabsContent>
      </Tabs>
      {acts && (
        <UploadContentDialog clients={clientList} open={dialog === "upload"} onOpenChange={(open) => setDialog(open ? "upload" : null)} />
      )}
      {acts && <CreateTaskDialog clients={clientList} open={dialog === "task"} onOpenChange={(open) => setDialog(open ? "task" : null)} />}
    </>
  );
}
