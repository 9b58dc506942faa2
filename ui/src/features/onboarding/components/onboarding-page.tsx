import { Rocket } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCreativeDirectors } from "@/api/get-creative-directors";
import { useOnboardingLeads } from "../api/get-onboarding-leads.ts";
import { ClientCard } from "./client-card.tsx";
import { ClientSelector } from "./client-selector.tsx";
import { OnboardingActivities } from "./onboarding-activities.tsx";
import { OnboardingStepper } from "./onboarding-stepper.tsx";
import { QuestionnaireSummary } from "./questionnaire-summary.tsx";

/** The next steps for a client (forms, meetings, the director), which app/ composes from several features. */
export type QuickActionsSlot = (client: Lead) => ReactNode;

/** One client's onboarding: progress, next steps, answers and contact card. */
function ClientOnboarding({ client, quickActions }: { client: Lead; quickActions: QuickActionsSlot }) {
  const directors = useCreativeDirectors();
  const directorName = directors.data?.find((d) => d.id === client.creativeDirectorId)?.displayName ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Onboarding Progress</CardTitle>
            <CardDescription>
              {client.name} is at <span className="font-medium text-foreground">{client.stage}</span>.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <OnboardingStepper stage={client.stage} />
          </CardContent>
        </Card>
        {quickActions(client)}
        <QuestionnaireSummary key={client.id} leadId={client.id} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <ClientCard client={client} directorName={directorName} />
        <OnboardingActivities />
      </div>
    </div>
  );
}

/** /onboarding: the clients between Contract Signed and Active (the selected one is ?client=<id>). */
export function OnboardingPage({ quickActions }: { quickActions: QuickActionsSlot }) {
  const clients = useOnboardingLeads();
  const [params, setParams] = useSearchParams();
  const list = clients.data ?? [];
  const selected = list.find((c) => c.id === params.get("client")) ?? list[0];
  const select = (id: string) => setParams({ client: id }, { replace: true });
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Onboarding"
        description="Guide signed clients from contract to active."
        actions={selected && list.length > 0 ? <ClientSelector clients={list} selectedId={selected.id} onSelect={select} /> : undefined}
      />
      {clients.error ? (
        <ErrorState title="Could not load onboarding clients" error={clients.error} onRetry={() => void clients.refetch()} />
      ) : clients.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading onboarding clients" />
        </div>
      ) : !selected ? (
        <EmptyState
          icon={Rocket}
          title="No clients in onboarding"
          description='Move leads to "Contract Signed" stage to begin onboarding.'
        />
      ) : (
        <ClientOnboarding client={selected} quickActions={quickActions} />
      )}
    </div>
  );
}
