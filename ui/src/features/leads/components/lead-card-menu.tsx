import { CalendarPlus, CircleX, Eye, GitBranch, Mail, MoreHorizontal, Pencil, UserRoundPen } from "lucide-react";
import { useNavigate } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** What a card's menu can do; Edit Lead and Update Stage show only when their handler is given (docs/product.md, "Leads board"). */
export interface LeadCardActions {
  onQuickView: (lead: Lead) => void;
  onEdit?: (lead: Lead) => void;
  onScheduleMeeting?: (lead: Lead) => void;
  onSendEmail?: (lead: Lead) => void;
  onUpdateStage?: (lead: Lead) => void;
  onChangeOwner?: (lead: Lead) => void;
  onCloseAsLost?: (lead: Lead) => void;
}

/** The card menu: View Details, Edit Lead, Schedule Meeting, Send Email, Update Stage, Change Owner…, Close as Lost…. */
export function LeadCardMenu({ lead, actions }: { lead: Lead; actions: LeadCardActions }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7 text-muted-foreground" aria-label={`Actions for ${lead.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem onSelect={() => void navigate(`/lead/${lead.id}`)}>
          <Eye aria-hidden="true" />
          View Details
        </DropdownMenuItem>
        {actions.onEdit && (
          <DropdownMenuItem onSelect={() => actions.onEdit?.(lead)}>
            <Pencil aria-hidden="true" />
            Edit Lead
          </DropdownMenuItem>
        )}
        {actions.onScheduleMeeting && (
          <DropdownMenuItem onSelect={() => actions.onScheduleMeeting?.(lead)}>
            <CalendarPlus aria-hidden="true" />
            Schedule Meeting
          </DropdownMenuItem>
        )}
        {actions.onSendEmail && (
          <DropdownMenuItem onSelect={() => actions.onSendEmail?.(lead)}>
            <Mail aria-hidden="true" />
            Send Email
          </DropdownMenuItem>
        )}
        {actions.onUpdateStage && (
          <DropdownMenuItem onSelect={() => actions.onUpdateStage?.(lead)}>
            <GitBranch aria-hidden="true" />
            Update Stage
          </DropdownMenuItem>
        )}
        {actions.onChangeOwner && (
          <DropdownMenuItem onSelect={() => actions.onChangeOwner?.(lead)}>
            <UserRoundPen aria-hidden="true" />
            Change Owner…
          </DropdownMenuItem>
        )}
        {actions.onCloseAsLost && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.onCloseAsLost?.(lead)}>
              <CircleX aria-hidden="true" />
              Close as Lost…
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
