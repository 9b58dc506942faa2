import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { LEAD_STAGES } from "@/lib/lead-stages";
import { columnOf, type Columns } from "./board-columns.ts";

/**
 * Arrow keys on the board: up and down move within the column (dnd-kit's sortable steps), left and
 * right move to the neighbouring stage, beside the card at the same height (or into the empty
 * column). Geometry alone would sometimes pick the card's own column, whose box starts a little
 * further left than its cards.
 */
export function boardKeyboardCoordinates(columns: () => Columns): KeyboardCoordinateGetter {
  return (event, args) => {
    const step = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
    if (step === 0) return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const { active, collisionRect, droppableRects } = args.context;
    if (!active || !collisionRect) return undefined;
    const shown = columns();
    const from = columnOf(shown, String(active.id));
    const to = from ? LEAD_STAGES[LEAD_STAGES.indexOf(from) + step] : undefined;
    if (!to) return undefined;
    let best: { left: number; top: number } | undefined;
    for (const id of shown[to]) {
      const rect = droppableRects.get(id);
      if (rect && (!best || Math.abs(rect.top - collisionRect.top) < Math.abs(best.top - collisionRect.top))) best = rect;
    }
    const target = best ?? droppableRects.get(to);
    return target ? { x: target.left, y: target.top } : undefined;
  };
}
