import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import type { Lead } from "@crm/contracts/lead/answers";
import { columnOf, type Columns } from "./board-columns.ts";

/** Read to screen-reader users when they focus a card's move button. */
export const BOARD_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "To move a lead, press Space or Enter. Use the up and down arrow keys to move it within its stage and the left and right arrow keys to move it to another stage. Press Space or Enter again to drop it, or Escape to cancel.",
};

/** Where an id (a card or a column) sits, in words: "Contacted, position 2 of 5". */
function place(columns: Columns, leadId: string): string {
  const stage = columnOf(columns, leadId);
  if (!stage) return "no stage";
  const ids = columns[stage];
  return `${stage}, position ${ids.indexOf(leadId) + 1} of ${ids.length}`;
}

/**
 * What a drag sounds like (dnd-kit's live region): the lead's name and its stage and position, read
 * from the columns as the board shows them at that moment.
 */
export function boardAnnouncements(
  current: () => { columns: Columns; leads: ReadonlyMap<string, Lead>; start: Columns | null },
): Announcements {
  const name = (id: string | number) => current().leads.get(String(id))?.name ?? "The lead";
  // Right after the pick-up the card is "over" itself: stay quiet so the pick-up message is heard.
  let justPickedUp = false;
  return {
    onDragStart: ({ active }) => {
      justPickedUp = true;
      return `Picked up ${name(active.id)}. It is in ${place(current().columns, String(active.id))}.`;
    },
    onDragOver: ({ active, over }) => {
      const quiet = justPickedUp && over?.id === active.id;
      justPickedUp = false;
      if (quiet) return undefined;
      if (!over) return `${name(active.id)} is no longer over a stage.`;
      const { columns } = current();
      const overId = String(over.id);
      return overId in columns ? `${name(active.id)} is over ${overId}.` : `${name(active.id)} is over ${place(columns, overId)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped in ${place(current().columns, String(active.id))}.`
        : `${name(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => {
      const start = current().start;
      return `Moving ${name(active.id)} was cancelled. It is back in ${start ? place(start, String(active.id)) : "its stage"}.`;
    },
  };
}
