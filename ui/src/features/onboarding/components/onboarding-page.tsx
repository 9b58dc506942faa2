import { Rocket } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useOnboardingLeads } from "../api/get-onboarding-leads.ts";

/** /onboarding: the clients between Contract Signed and Active. */
export function OnboardingPage() {
  const clients = useOnboardingLeads();
  return (
    <>
      <PageHeader title="Onboarding" description="Signed clients on their way to becoming active." />
      {clients.error ? (
        <ErrorState title="Could not load onboarding clients" error={clients.error} onRetry={() => void clients.refetch()} />
      ) : clients.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading onboarding clients" />
        </div>
      ) : clients.data.length === 0 ? (
        <EmptyState
          icon={Rocket}
          title="No clients in onboarding"
          description='Move leads to "Contract Signed" stage to begin onboarding.'
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Clients in onboarding">
          {clients.data.map((lead) => (
            <li key={lead.id}>
              <Card className="gap-2 px-5 py-4">
                <Link to={`/lead/${lead.id}`} className="font-semibold hover:underline">
                  {lead.name}
                </Link>
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
