import { Archive, ArrowLeft, CircleX, Mail, MessageSquare, Pencil, SearchX, ShieldOff, UserRoundPen } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link, useParams } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { HttpError } from "@/lib/api-client";
import { canWorkLeads, isPartner, readsLeads } from "@/lib/roles";
import { useCurrentUser, type Role } from "@/lib/session";
import { ContentSubmissionsCard, CreativeTasksCard } from "@/features/creative";
import { LeadHistoryCard, useLeadHistory } from "@/features/lead-history";
import {
  ArchiveLeadDialog,
  ChangeOwnerDialog,
  ClosedLeadBanner,
  ConversationCard,
  LeadInformationCard,
  LoseLeadDialog,
  MeetingsCard,
  QuestionnaireCard,
  RecentActivityCard,
  ScheduleMeetingDialog,
  SendEmailDialog,
  SendSmsDialog,
  useLead,
} from "@/features/leads";
import { ClientLinkCard } from "@/features/onboarding";
import { NoAccessPage } from "../no-access-page.tsx";

/** Back to where the role lists leads: the board, or a Creative Director's clients. */
function BackToLeads({ role, short = false }: { role: Role; short?: boolean }) {
  const board = readsLeads(role);
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to={board ? "/leads" : "/creative"}>
        <ArrowLeft aria-hidden="true" />
        {short ? "Back" : board ? "Back to Leads" : "Back to My Clients"}
      </Link>
    </Button>
  );
}

/**
 * /lead/{id}: the lead, its messages, meetings, questionnaire and timeline; "Lead Not Found" otherwise, and
 * "No access" when the server refuses the reader (a Creative Director opening another director's client).
 */
export function LeadPage() {
  const { id = "" } = useParams();
  const user = useCurrentUser();
  const lead = useLead(id);
  if (lead.error instanceof HttpError && lead.error.status === 403) {
    return (
      <NoAccessPage
        what="This lead"
        explanation={
          user.role === "Creative Director"
            ? "is not one of your clients. Creative Directors see the leads a Partner or Project Manager assigned to them."
            : "is not open to your role."
        }
        role={user.role}
      />
    );
  }
  const notFound = lead.error instanceof HttpError && (lead.error.status === 404 || lead.error.status === 400);
  if (notFound || (lead.isSuccess && !lead.data)) {
    return (
      <>
        <PageHeader title="Lead Not Found" />
        <EmptyState
          icon={SearchX}
          title="This lead does not exist"
          description="It may have been archived, or the link may be wrong."
          action={<BackToLeads role={user.role} />}
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
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  return <LeadDetail lead={lead.data!} />;
}

type OpenDialog = "email" | "sms" | "meeting" | "archive" | "owner" | "lose" | null;

/**
 * The lead's page as the role may use it (docs/product.md, "Roles"): Partners and Project Managers work the
 * lead; only Partners archive and erase; a Creative Director reads their client's sales fields, brief,
 * meetings, submissions, tasks and activity, without the sales actions, the client link or the history;
 * an Auditor reads what a Partner reads, without any action.
 */
function LeadDetail({ lead }: { lead: Lead }) {
  const user = useCurrentUser();
  const sales = canWorkLeads(user.role);
  const reads = readsLeads(user.role);
  // An erased lead refuses every change and message but archiving (docs/product.md, "Erasure and history"): offer none of them.
  const erased = useLeadHistory(lead.id, reads).data?.erased === true;
  // A lost or archived lead refuses every change but reopen, restore (and archiving a lost one): the banner offers those.
  const contact = sales && !erased && lead.status === "open";
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The cards follow the header in a render of their own, which React may pause: the lead's name
  // paints first, and their work is not one long task on a phone (issue 34, Lighthouse).
  const cardsReady = useDeferredValue(true, false);
  const toggle = (which: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? which : null);
  return (
    <>
      <BackToLeads role={user.role} short />
      <PageHeader
        title={lead.name}
        description={lead.business}
        actions={
          <div className="flex flex-wrap gap-2">
            {contact && lead.email && (
              <Button variant="outline" onClick={() => setDialog("email")}>
                <Mail aria-hidden="true" />
                Send Email
              </Button>
            )}
            {contact && lead.phone && (
              <Button variant="outline" onClick={() => setDialog("sms")}>
                <MessageSquare aria-hidden="true" />
                Send SMS
              </Button>
            )}
            {contact && !editing && (
              <Button onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit Lead
              </Button>
            )}
            {contact && (
              <Button variant="outline" aria-haspopup="dialog" aria-expanded={dialog === "owner"} onClick={() => setDialog("owner")}>
                <UserRoundPen aria-hidden="true" />
                Change Owner…
              </Button>
            )}
            {contact && (
              <Button variant="outline" aria-haspopup="dialog" aria-expanded={dialog === "lose"} onClick={() => setDialog("lose")}>
                <CircleX aria-hidden="true" />
                Close as Lost…
              </Button>
            )}
            {isPartner(user.role) && lead.status !== "archived" && (
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                aria-haspopup="dialog"
                aria-expanded={dialog === "archive"}
                onClick={() => setDialog("archive")}
              >
                <Archive aria-hidden="true" />
                Archive
              </Button>
            )}
          </div>
        }
      />
      <ClosedLeadBanner lead={lead} canReopen={sales} canRestore={isPartner(user.role)} />
      {erased && (
        <p role="status" className="mb-6 flex items-start gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
          <ShieldOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          This lead's personal data was erased. It can no longer be changed or contacted, only archived; its history stays for the audit.
        </p>
      )}
      {cardsReady && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid content-start gap-6">
            <LeadInformationCard lead={lead} editing={contact && editing} onEditingChange={setEditing} />
            {contact && <ClientLinkCard leadId={lead.id} />}
            <QuestionnaireCard leadId={lead.id} />
            {lead.creativeDirectorId && <ContentSubmissionsCard lead={lead} />}
            {lead.creativeDirectorId && <CreativeTasksCard lead={lead} />}
            {reads && <LeadHistoryCard leadId={lead.id} leadName={lead.name} canErase={isPartner(user.role)} />}
          </div>
          <div className="grid content-start gap-6">
            <RecentActivityCard leadId={lead.id} canLog={sales && !erased && lead.status !== "archived"} />
            <MeetingsCard leadId={lead.id} onSchedule={contact ? () => setDialog("meeting") : undefined} />
            {reads && <ConversationCard lead={lead} canReply={contact && Boolean(lead.email)} />}
          </div>
        </div>
      )}
      {contact && lead.email && (
        <SendEmailDialog lead={{ ...lead, email: lead.email }} open={dialog === "email"} onOpenChange={toggle("email")} />
      )}
      {contact && lead.phone && (
        <SendSmsDialog lead={{ ...lead, phone: lead.phone }} open={dialog === "sms"} onOpenChange={toggle("sms")} />
      )}
      {contact && <ScheduleMeetingDialog lead={lead} open={dialog === "meeting"} onOpenChange={toggle("meeting")} />}
      {contact && <ChangeOwnerDialog lead={lead} open={dialog === "owner"} onOpenChange={toggle("owner")} />}
      {contact && <LoseLeadDialog lead={lead} open={dialog === "lose"} onOpenChange={toggle("lose")} />}
      {isPartner(user.role) && lead.status !== "archived" && (
        <ArchiveLeadDialog lead={lead} open={dialog === "archive"} onOpenChange={toggle("archive")} />
      )}
    </>
  );
}
