import { ArrowLeft, SearchX } from "lucide-react";
import { Link, useParams } from "react-router";
import type { Lead } from "@crm/contracts/lead/lead";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { HttpError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useLead } from "../api/get-lead.ts";

function BackToLeads({ label = "Back to Leads" }: { label?: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to="/leads">
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/** /lead/{id}: the lead's information, or "Lead Not Found". */
export function LeadPage() {
  const { id = "" } = useParams();
  const lead = useLead(id);
  const notFound = lead.error instanceof HttpError && (lead.error.status === 404 || lead.error.status === 400);
  if (notFound || (lead.isSuccess && !lead.data)) {
    return (
      <>
        <PageHeader title="Lead Not Found" />
        <EmptyState
          icon={SearchX}
          title="This lead does not exist"
          description="It may have been archived, or the link may be wrong."
          action={<BackToLeads />}
        />
      </>
    );
  }
  if (lead.error) return <ErrorState title="Could not load this lead" error={lead.error} onRetry={() => void lead.refetch()} />;
  if (lead.isPending) {
    return (
      <div role="status" aria-label="Loading lead" className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    );
  }
  return <LeadInformation lead={lead.data!} />;
}

function LeadInformation({ lead }: { lead: Lead }) {
  const rows: [string, string | null][] = [
    ["Email", lead.email],
    ["Phone", lead.phone],
    ["Business", lead.business],
    ["Source", lead.source],
    ["Priority", lead.priority],
    ["Last activity", lead.lastActivity],
    ["Created", formatDate(lead.createdAt)],
    ["Notes", lead.notes],
  ];
  return (
    <>
      <BackToLeads />
      <PageHeader title={lead.name} description={lead.business} actions={<Badge variant="secondary">{lead.stage}</Badge>} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Lead Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="space-y-1">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="break-words whitespace-pre-line">{value}</dd>
                </div>
              ))}
          </dl>
        </CardContent>
      </Card>
    </>
  );
}
