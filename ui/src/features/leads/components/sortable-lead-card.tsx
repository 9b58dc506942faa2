import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { memo, useMemo } from "react";
import type { Lead } from "@crm/contracts/lead/answers";
import { cn } from "@/lib/utils";
import { LeadCard } from "./lead-card.tsx";
import type { LeadCardActions } from "./lead-card-menu.tsx";

export interface SortableLeadCardProps {
  lead: Lead;
  actions: LeadCardActions;
}

/**
 * A card that can be dragged: by mouse or touch (long press) anywhere on it, and from the keyboard
 * on its grip button only (Space or Enter picks it up, arrows move it, Space drops, Escape cancels).
 */
export const SortableLeadCard = memo(function SortableLeadCard({ lead, actions }: SortableLeadCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: lead.id,
    data: { type: "lead", stage: lead.stage },
  });
  // Memoized (dnd-kit memoizes the attributes): each pick-up and drop re-renders every sortable card
  // on the board, and a new handle element would make each one redraw its whole LeadCard.
  const handle = useMemo(
    () => (
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        aria-label={`Move ${lead.name}`}
        className="flex size-7 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
    ),
    [attributes, setActivatorNodeRef, lead.name],
  );
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("cursor-grab touch-manipulation active:cursor-grabbing", isDragging && "opacity-40")}
    >
      <LeadCard lead={lead} actions={actions} handle={handle} />
    </div>
  );
});
