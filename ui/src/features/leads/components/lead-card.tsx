import { Mail, Phone } from "lucide-react";
import { memo, type ReactNode } from "react";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import type { Lead } from "@crm/contracts/lead/answers";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { initialsOf } from "../utils/initials.ts";
import { LeadCardMenu, type LeadCardActions } from "./lead-card-menu.tsx";

/** docs/product.md, "Leads board": the priority edge bar, high red, medium amber, low blue. */
const EDGE: Record<LeadPriority, string> = { high: "bg-red-500", medium: "bg-amber-500", low: "bg-blue-500" };

export interface LeadCardProps {
  lead: Lead;
  /** Absent on the drag overlay's copy, which is only a picture. */
  actions?: LeadCardActions;
  /** The drag handle, drawn in the card's top row. */
  handle?: ReactNode;
  className?: string;
}

/** A pipeline card: initials, name, business, email, phone if any, stage, last activity, priority edge. */
export const LeadCard = memo(function LeadCard({ lead, actions, handle, className }: LeadCardProps) {
  return (
    <article
      aria-label={lead.name}
      data-lead-id={lead.id}
      className={cn("relative overflow-hidden rounded-lg border bg-card py-3 pr-2 pl-4 text-card-foreground shadow-xs", className)}
    >
      <span aria-hidden="true" data-priority={lead.priority} className={cn("absolute inset-y-0 left-0 w-1", EDGE[lead.priority])} />
      <div className="flex items-start gap-3">
        <Avatar className="size-9">
          <AvatarFallback aria-hidden="true">{initialsOf(lead.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          {actions ? (
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
          {actions && <LeadCardMenu lead={lead} actions={actions} />}
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
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Badge variant="secondary" className="max-w-[55%] truncate">
          {lead.stage}
        </Badge>
        <span className="truncate text-xs text-muted-foreground">{lead.lastActivity ?? "No activity yet"}</span>
      </div>
      <span className="sr-only">{`${lead.priority} priority`}</span>
    </article>
  );
});
