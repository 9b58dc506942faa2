import { Archive, RotateCcw, SearchX, XCircle } from "lucide-react";
import { Link } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useRestoreLead, useReopenLead, type ClosedView } from "../api/closed-leads.ts";
import { errorMessage } from "../api/lead-mutations.ts";
import { useTimeZone } from "@/api/use-time-zone";

/** A value in minor units, in the agency's currency ("$12,500.00"); a dash when the deal has none. */
export function formatMinor(valueMinor: number | null, currency: string): string {
  if (valueMinor === null) return "—";
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(valueMinor / 10 ** digits);
  } catch {
    return (valueMinor / 100).toFixed(2);
  }
}

/** Reopen (a lost lead, back in the stage it left) and Restore (an archived lead, Partners): the toasts both views and the lead page show. */
export function useClosedLeadActions() {
  const reopen = useReopenLead();
  const restore = useRestoreLead();
  return {
    pending: reopen.isPending || restore.isPending,
    reopen: (lead: Lead) =>
      reopen.mutate(
        { id: lead.id, expectedVersion: lead.version },
        {
          onSuccess: (reopened) => toast({ title: `Reopened in ${reopened.stage}`, description: `${lead.name} is back on the board.` }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Reopen Failed",
              description: errorMessage(error, "The lead could not be reopened. Please try again."),
            }),
        },
      ),
    restore: (lead: Lead) =>
      restore.mutate(
        { id: lead.id, expectedVersion: lead.version },
        {
          onSuccess: (restored) =>
            toast({
              title: "Lead Restored",
              description:
                restored.status === "lost"
                  ? `${lead.name} is back in the Lost view.`
                  : `${lead.name} is back on the board in ${restored.stage}.`,
            }),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Restore Failed",
              description: errorMessage(error, "The lead could not be restored. Please try again."),
            }),
        },
      ),
  };
}

const EMPTY: Record<ClosedView, { title: string; description: string }> = {
  lost: {
    title: "No lost deals",
    description: "Leads closed as lost show here with their reason. Reopen one to put it back on the board.",
  },
  archived: {
    title: "No archived leads",
    description: "Archived leads are off the board and the stats. A Partner can restore one to where it was.",
  },
};

export interface ClosedLeadsListProps {
  view: ClosedView;
  leads: readonly Lead[];
  search: string;
  currency: string;
  owners: ReadonlyMap<string, string>;
  /** Partners restore archived leads; anyone on the staff reopens lost ones. */
  canRestore: boolean;
}

/** The closed leads, newest first: a table-like list on wide screens, stacked cards on a phone. */
export function ClosedLeadsList({ view, leads, search, currency, owners, canRestore }: ClosedLeadsListProps) {
  const zone = useTimeZone();
  const actions = useClosedLeadActions();
  if (leads.length === 0) {
    return search ? (
      <EmptyState icon={SearchX} title={`No ${view} leads match “${search}”`} description="Try another name, business or email." />
    ) : (
      <EmptyState icon={view === "lost" ? XCircle : Archive} {...EMPTY[view]} />
    );
  }
  const grid = "md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_8rem_8rem_7.5rem] md:items-center md:gap-4";
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div aria-hidden="true" className={`hidden border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground ${grid}`}>
        <span>Lead</span>
        <span>Owner</span>
        <span className="text-right">Value</span>
        <span>{view === "lost" ? "Lost on" : "Archived on"}</span>
        <span />
      </div>
      <ul aria-label={view === "lost" ? "Lost leads" : "Archived leads"} className="divide-y">
        {leads.map((lead) => (
          <li key={lead.id} aria-label={lead.name} className={`grid gap-2 px-4 py-3 ${grid}`}>
            <div className="min-w-0">
              <Link to={`/lead/${lead.id}`} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                {lead.name}
              </Link>
              <p className="truncate text-sm text-muted-foreground">{lead.business}</p>
              {lead.status === "lost" && lead.lostReason && (
                <div className="mt-1 flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
                  <Badge variant="secondary">{lead.lostReason}</Badge>
                  {lead.lostNote && <span className="line-clamp-2 text-muted-foreground">{lead.lostNote}</span>}
                </div>
              )}
            </div>
            <p className="text-sm">
              <span className="text-muted-foreground md:hidden">Owner: </span>
              {(lead.assignedTo && owners.get(lead.assignedTo)) ?? "—"}
            </p>
            <p className="text-sm tabular-nums md:text-right">
              <span className="text-muted-foreground md:hidden">Value: </span>
              {formatMinor(lead.valueMinor, currency)}
            </p>
            <p className="text-sm">
              <span className="text-muted-foreground md:hidden">{view === "lost" ? "Lost on " : "Archived on "}</span>
              {lead.closedAt ? formatDate(lead.closedAt, zone) : "—"}
            </p>
            <div className="md:text-right">
              {view === "lost" ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={actions.pending}
                  onClick={() => actions.reopen(lead)}
                  aria-label={`Reopen ${lead.name}`}
                >
                  <RotateCcw aria-hidden="true" />
                  Reopen
                </Button>
              ) : (
                canRestore && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={actions.pending}
                    onClick={() => actions.restore(lead)}
                    aria-label={`Restore ${lead.name}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Restore
                  </Button>
                )
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
