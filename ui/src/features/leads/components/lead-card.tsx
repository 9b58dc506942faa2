import { Mail, Phone } from "lucide-react";
import { memo, useId, type ReactNode } from "react";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import type { Lead } from "@crm/contracts/lead/answers";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { formatMoney } from "@/lib/money";
import { initialsOf } from "../utils/initials.ts";
import { ownerName } from "../utils/owners.ts";
import { LeadCardMenu, type LeadCardActions } from "./lead-card-menu.tsx";
import { useLeadDisplay } from "./lead-display.tsx";
import { OwnerAvatar } from "./owner-avatar.tsx";
import { StaleFlag, useStaleLead } from "./stale-flag.tsx";

/** docs/product.md, "Leads board": the priority edge bar, high red, medium amber, low blue. */
const EDGE: Record<LeadPriority, string> = { high: "bg-red-500", medium: "bg-amber-500", low: "bg-blue-500" };

export interface LeadCardProps {
  lead: Lead;
  /** Absent on the drag overlay's copy, which is only a picture. */
  actions?: LeadCardActions;
  /** The drag handle, drawn in the card's top row. */
  handle?: ReactNode;
  className?: string;
  /** In the board's selection mode: whether the card is chosen, and how to toggle it (Shift extends a range). */
  selection?: { selected: boolean; onToggle: (lead: Lead, range: boolean) => void };
}

/**
 * A pipeline card: initials, name, business, email, phone if any, the deal's value, stage, owner, last
 * activity, priority edge, and the stale flag when it has gone quiet too long (its description, so a
 * screen reader hears it after the name). In selection mode a checkbox leads the card and the menu steps aside.
 */
export const LeadCard = memo(function LeadCard({ lead, actions, handle, className, selection }: LeadCardProps) {
  const { staff, currency } = useLeadDisplay();
  const owner = ownerName(staff, lead.assignedTo);
  const selected = selection?.selected === true;
  const stale = useStaleLead(lead.id);
  const staleId = useId();
  return (
    <article
      aria-label={lead.name}
      aria-describedby={stale ? staleId : undefined}
      data-lead-id={lead.id}
      data-selected={selection ? selected : undefined}
      className={cn(
        "relative overflow-hidden rounded-lg border bg-card py-3 pr-2 pl-4 text-card-foreground shadow-xs",
        selected && "border-primary ring-2 ring-primary/40",
        className,
      )}
    >
      <span aria-hidden="true" data-priority={lead.priority} className={cn("absolute inset-y-0 left-0 w-1", EDGE[lead.priority])} />
      <div className="flex items-start gap-3">
        {selection && (
          <input
            type="checkbox"
            checked={selected}
            aria-label={`Select ${lead.name}`}
            className="mt-2.5 size-4 shrink-0 cursor-pointer accent-primary"
            onClick={(event) => {
              event.stopPropagation();
              selection.onToggle(lead, event.shiftKey);
            }}
            onChange={() => {}}
          />
        )}
        <Avatar className="size-9">
          <AvatarFallback aria-hidden="true">{initialsOf(lead.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          {actions && !selection ? (
            <button
              type="button"
              onClick={() => actions.onQuickView(lead)}
              className="block max-w-full truncate rounded-sm text-left text-sm font-semibold hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {lead.name}
            </button>
          ) : (
            <p className="truncate text-sm font-semibold">{lead.name}</p>
          )}
          <p className="truncate text-sm text-muted-foreground">{lead.business}</p>
        </div>
        <div className="-mt-1 flex shrink-0 items-center">
          {handle}
          {actions && !selection && <LeadCardMenu lead={lead} actions={actions} />}
        </div>
      </div>
      <div className="mt-2 space-y-1 text-xs text-muted-foreground">
        <p className="flex min-w-0 items-center gap-1.5">
          <Mail className="size-3.5 shrink-0" aria-label="Email" />
          <span className="truncate">{lead.email}</span>
        </p>
        {lead.phone && (
          <p className="flex min-w-0 items-center gap-1.5">
            <Phone className="size-3.5 shrink-0" aria-label="Phone" />
            <span className="truncate">{lead.phone}</span>
          </p>
        )}
        {lead.valueMinor !== null && (
          <p className="font-medium text-foreground tabular-nums" title={formatMoney(lead.valueMinor, currency)}>
            <span className="sr-only">Value </span>
            {formatMoney(lead.valueMinor, currency, { compact: true })}
          </p>
        )}
        {stale && <StaleFlag stale={stale} id={staleId} />}
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Badge variant="secondary" className="max-w-[50%] truncate">
          {lead.stage}
        </Badge>
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate text-xs text-muted-foreground">{lead.lastActivity ?? "No activity yet"}</span>
          <OwnerAvatar name={owner} />
        </span>
      </div>
      <span className="sr-only">{`${lead.priority} priority`}</span>
    </article>
  );
});
