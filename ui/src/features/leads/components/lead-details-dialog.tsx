import { Link } from "react-router";
import type { Lead } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { LeadBadges } from "./lead-badges.tsx";

export interface LeadDetailsDialogProps {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The quick view: the lead, read-only (docs/product.md, "Leads board"). */
export function LeadDetailsDialog({ lead, open, onOpenChange }: LeadDetailsDialogProps) {
  const rows: [string, string | null][] = lead
    ? [
        ["Email", lead.email],
        ["Phone", lead.phone],
        ["Business", lead.business],
        ["Last Activity", lead.lastActivity],
        ["Notes", lead.notes],
      ]
    : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{lead?.name}</DialogTitle>
          <DialogDescription>{lead?.business}</DialogDescription>
        </DialogHeader>
        {lead && <LeadBadges lead={lead} />}
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
