import { Archive, RotateCcw, XCircle } from "lucide-react";
import { Link } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { useClosedLeadActions } from "./closed-leads-list.tsx";
import { useTimeZone } from "@/api/use-time-zone";

export interface ClosedLeadBannerProps {
  lead: Lead;
  /** Anyone on the staff reopens a lost lead. */
  canReopen: boolean;
  /** Only Partners restore an archived one. */
  canRestore: boolean;
}

/** On a lost or archived lead's page: when and why it was closed, and the one way back. Nothing for an open lead. */
export function ClosedLeadBanner({ lead, canReopen, canRestore }: ClosedLeadBannerProps) {
  const zone = useTimeZone();
  const actions = useClosedLeadActions();
  if (lead.status === "open") return null;
  const lost = lead.status === "lost";
  const when = lead.closedAt ? ` on ${formatDate(lead.closedAt, zone)}` : "";
  const Icon = lost ? XCircle : Archive;
  return (
    <div role="status" className="mb-6 flex flex-wrap items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">{lost ? `Closed as lost${when}: ${lead.lostReason ?? "no reason given"}` : `Archived${when}`}</p>
        {lost && lead.lostNote && <p className="whitespace-pre-line text-muted-foreground">{lead.lostNote}</p>}
        <p className="text-muted-foreground">
          {lost ? "It is off the board and the stats; reopen it to work it again. " : "It is off the board and the stats. "}
          <Link to={lost ? "/leads?view=lost" : "/leads?view=archived"} className="underline underline-offset-4">
            {lost ? "All lost leads" : "All archived leads"}
          </Link>
        </p>
      </div>
      {lost && canReopen && (
        <Button size="sm" disabled={actions.pending} onClick={() => actions.reopen(lead)}>
          <RotateCcw aria-hidden="true" />
          Reopen
        </Button>
      )}
      {!lost && canRestore && (
        <Button size="sm" disabled={actions.pending} onClick={() => actions.restore(lead)}>
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
      )}
    </div>
  );
}
