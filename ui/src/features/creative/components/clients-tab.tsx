import { Palette } from "lucide-react";
import { Link } from "react-router";
import type { CreativeClient } from "@crm/contracts/creative/clients";
import type { ContentSubmission } from "@crm/contracts/creative/answers";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";

export interface ClientsTabProps {
  clients: readonly CreativeClient[];
  submissions: readonly ContentSubmission[];
  tasks: readonly CreativeTask[];
  isDirector: boolean;
}

/** The clients, each with how much is waiting: pending content and open tasks. */
export function ClientsTab({ clients, submissions, tasks, isDirector }: ClientsTabProps) {
  if (clients.length === 0) {
    return (
      <EmptyState
        icon={Palette}
        title={isDirector ? "No clients assigned to you yet" : "No clients have a creative director yet"}
        description={
          isDirector ? "When a Partner assigns you a client, it appears here." : "Assign a creative director to a lead during onboarding."
        }
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Clients">
      {clients.map((client) => {
        const pending = submissions.filter((s) => s.leadId === client.id && s.status === "pending").length;
        const open = tasks.filter((t) => t.leadId === client.id && (t.status === "todo" || t.status === "in_progress")).length;
        return (
          <li key={client.id}>
            <Card className="h-full gap-2 px-5 py-4">
              {/* A director opens their own client's page too: the brief, meetings and activity, read-only. */}
              <Link to={`/lead/${client.id}`} className="font-semibold break-words hover:underline">
                {client.name}
              </Link>
              <p className="text-sm break-words text-muted-foreground">{client.business}</p>
              {!isDirector && client.creativeDirectorName && (
                <p className="text-xs text-muted-foreground">Director: {client.creativeDirectorName}</p>
              )}
              <div className="flex flex-wrap gap-2">
                <Badge variant="secondary">{client.stage}</Badge>
                <Badge variant="outline">{pending} pending</Badge>
                <Badge variant="outline">
                  {open} open {open === 1 ? "task" : "tasks"}
                </Badge>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
