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
  /** Set in the board's selection mode: the card then toggles on click and does not drag. */
  onToggle?: (lead: Lead, range: boolean) => void;
  selected?: boolean;
}

/**
 * A card that can be dragged: by mouse or touch (long press) anywhere on it, and from the keyboard
 * on its grip button only (Space or Enter picks it up, arrows move it, Space drops, Escape cancels).
 * In selection mode it does not drag: a click (Shift-click for a range) or its checkbox selects it.
 */
export const SortableLeadCard = memo(function SortableLeadCard({ lead, actions, onToggle, selected = false }: SortableLeadCardProps) {
  const selecting = onToggle !== undefined;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: lead.id,
    data: { type: "lead", stage: lead.stage },
    disabled: selecting,
  });
  // Memoized (dnd-kit memoizes the attributes): each pick-up and drop re-renders every sortable card
  // on the board, and a new handle element would make each one redraw its whole LeadCard.
  const handle = useMemo(
    () =>
      selecting ? null : (
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
    [attributes, setActivatorNodeRef, lead.name, selecting],
  );
  const selection = useMemo(() => (onToggle ? { selected, onToggle } : undefined), [onToggle, selected]);
  return (
    <div
      ref={setNodeRef}
      {...(selecting ? {} : listeners)}
      onClick={selecting ? (event) => onToggle(lead, event.shiftKey) : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        selecting ? "cursor-pointer select-none" : "cursor-grab touch-manipulation active:cursor-grabbing",
        isDragging && "opacity-40",
      )}
    >
      <LeadCard lead={lead} actions={actions} handle={handle} selection={selection} />
    </div>
  );
});
