import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { columnOf, type Columns } from "./board-columns.ts";

/**
 * Arrow keys on the board: up and down move within the column (dnd-kit's sortable steps), left and
 * right move to the neighbouring stage, beside the card at the same height (or into the empty
 * column). Geometry alone would sometimes pick the card's own column, whose box starts a little
 * further left than its cards.
 */
export function boardKeyboardCoordinates(columns: () => Columns): { getter: KeyboardCoordinateGetter; reset: () => void } {
  // The stage the last left/right press aimed at: a quick second press comes before the board has
  // re-rendered the card in its new column, so the columns alone would still show the old one.
  let heading: { id: string; stage: LeadStage } | null = null;
  const getter: KeyboardCoordinateGetter = (event, args) => {
    const step = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
    if (step === 0) return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const { active, collisionRect, droppableRects } = args.context;
    if (!active || !collisionRect) return undefined;
    const shown = columns();
    const id = String(active.id);
    const from = heading?.id === id ? heading.stage : columnOf(shown, id);
    const to = from ? LEAD_STAGES[LEAD_STAGES.indexOf(from) + step] : undefined;
    if (!to) return undefined;
    heading = { id, stage: to };
    let best: { left: number; top: number } | undefined;
    for (const id of shown[to]) {
      const rect = droppableRects.get(id);
      if (rect && (!best || Math.abs(rect.top - collisionRect.top) < Math.abs(best.top - collisionRect.top))) best = rect;
    }
    const target = best ?? droppableRects.get(to);
    return target ? { x: target.left, y: target.top } : undefined;
  };
  return { getter, reset: () => (heading = null) };
}
