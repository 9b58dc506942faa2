import { Link } from "react-router";
import type { Lead } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useDealRows } from "../utils/use-deal-rows.ts";
import { LeadBadges } from "./lead-badges.tsx";

export interface LeadDetailsDialogProps {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What the quick view lists: the deal (owner, value, close, probability, outcome), then how to reach the lead. */
function LeadFacts({ lead }: { lead: Lead }) {
  const rows: [string, string | null][] = [
    ...useDealRows(lead),
    ["Email", lead.email],
    ["Phone", lead.phone],
    ["Business", lead.business],
    ["Last Activity", lead.lastActivity],
    ["Notes", lead.notes],
  ];
  return (
    <dl className="grid gap-3 text-sm">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The quick view: the lead, read-only (docs/product.md, "Leads board"). */
export function LeadDetailsDialog({ lead, open, onOpenChange }: LeadDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{lead?.name}</DialogTitle>
          <DialogDescription>{lead?.business}</DialogDescription>
        </DialogHeader>
        {lead && <LeadBadges lead={lead} />}
        {lead && <LeadFacts lead={lead} />}
        <DialogFooter>
          {lead && (
            <Button variant="outline" asChild>
              <Link to={`/lead/${lead.id}`}>Open lead page</Link>
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
