import { Palette } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/lib/session";
import { useAssignedClients } from "../api/get-assigned-clients.ts";

/** /creative: Creative Portal for a Partner, My Clients for a Creative Director. */
export function CreativePage() {
  const user = useCurrentUser();
  const isDirector = user.role === "Creative Director";
  const clients = useAssignedClients(isDirector ? user.id : null);
  return (
    <>
      <PageHeader
        title={isDirector ? "My Clients" : "Creative Portal"}
        description={isDirector ? "The clients assigned to you." : "Clients that have a creative director assigned."}
      />
      {clients.error ? (
        <ErrorState title="Could not load clients" error={clients.error} onRetry={() => void clients.refetch()} />
      ) : clients.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading clients" />
        </div>
      ) : clients.data.length === 0 ? (
        <EmptyState
          icon={Palette}
          title={isDirector ? "No clients assigned to you yet" : "No clients have a creative director yet"}
          description={
            isDirector ? "When a Partner assigns you a client, it appears here." : "Assign a creative director to a lead during onboarding."
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Clients">
          {clients.data.map((lead) => (
            <li key={lead.id}>
              <Card className="gap-2 px-5 py-4">
                {isDirector ? (
                  <p className="font-semibold">{lead.name}</p>
                ) : (
                  <Link to={`/lead/${lead.id}`} className="font-semibold hover:underline">
                    {lead.name}
                  </Link>
                )}
                <p className="text-sm text-muted-foreground">{lead.business}</p>
                <Badge variant="secondary">{lead.stage}</Badge>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
