import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { arrayMove } from "@dnd-kit/sortable";
import { useCallback, useMemo, useRef, useState } from "react";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { useSettings } from "@/api/get-settings";
import { useMoveLead } from "../api/move-lead.ts";
import { BOARD_INSTRUCTIONS, boardAnnouncements } from "../utils/board-announcements.ts";
import { boardKeyboardCoordinates } from "../utils/board-keyboard.ts";
import {
  boardColumns,
  columnOf,
  movedTotals,
  leadColumns,
  moveOf,
  placeCard,
  type Columns,
  type LeadColumns,
  type LeadMove,
} from "../utils/board-columns.ts";
import { LeadCard } from "./lead-card.tsx";
import type { LeadCardActions } from "./lead-card-menu.tsx";
import { PipelineColumn } from "./pipeline-column.tsx";

const STAGE_IDS = new Set<string>(LEAD_STAGES);

export interface PipelineBoardProps {
  /** Each column's count and the leads it has loaded. */
  board: LeadBoard;
  actions: LeadCardActions;
  /** A column scrolled near the end of its loaded leads, while more match. */
  onLoadMore: (stage: LeadStage, loaded: number) => void;
  /** Selection mode (cards do not drag then): the chosen lead ids and the new choice after a toggle. */
  selection?: { ids: ReadonlySet<string>; onChange: (ids: ReadonlySet<string>) => void } | null;
  /** An Auditor's board: read only, no card is picked up. */
  readOnly?: boolean;
}

/**
 * A card's toggle in selection mode: a click flips it; a Shift-click sets every card between it and the
 * last one clicked in the same column to the clicked card's new state.
 */
function useSelectionToggle(selection: PipelineBoardProps["selection"], shown: Columns) {
  const latest = useRef({ selection, shown });
  latest.current = { selection, shown };
  const anchor = useRef<string | null>(null);
  return useCallback((lead: Lead, range: boolean) => {
    const { selection: current, shown: columns } = latest.current;
    if (!current) return;
    const next = new Set(current.ids);
    const on = !next.has(lead.id);
    const ids = columns[lead.stage];
    const from = anchor.current ? ids.indexOf(anchor.current) : -1;
    const to = ids.indexOf(lead.id);
    const span = range && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [lead.id];
    for (const id of span) {
      if (on) next.add(id);
      else next.delete(id);
    }
    anchor.current = lead.id;
    current.onChange(next);
  }, []);
}

const sameMove = (a: LeadMove | undefined, b: LeadMove | undefined) =>
  a?.stage === b?.stage && a?.afterId === b?.afterId && a?.beforeId === b?.beforeId;

/**
 * The ten stage columns; cards move between and within them by mouse, touch or keyboard. Each
 * column holds a page of its leads and asks for more as it is scrolled near their end.
 */
export function PipelineBoard({ board, actions, onLoadMore, selection, readOnly = false }: PipelineBoardProps) {
  const byId = useMemo(() => new Map(board.columns.flatMap((column) => column.leads.map((lead) => [lead.id, lead] as const))), [board]);
  const columns = useMemo(() => boardColumns(board), [board]);
  const boardColumnOf = useMemo(() => new Map(board.columns.map((column) => [column.stage, column] as const)), [board]);
  // While a card is dragged, the board shows this copy, which follows the card across columns.
  const [dragColumns, setDragColumns] = useState<Columns | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  // After a drop, where the card landed, until the board takes the move: the query cache tells its
  // observers a task later, and the card must not sit in its old column for a frame meanwhile. A
  // refusal rolls back to this very `board` object, so the hold is dropped as soon as it changes.
  const [landed, setLanded] = useState<{ board: LeadBoard; columns: Columns } | null>(null);
  if (landed && landed.board !== board) setLanded(null);
  const shown = dragColumns ?? (landed?.board === board ? landed.columns : columns);
  // Each column's leads, kept from the last render where unchanged: a move redraws two columns, not ten.
  const rendered = useRef<LeadColumns | null>(null);
  const shownLeads = useMemo(() => leadColumns(shown, byId, rendered.current), [shown, byId]);
  rendered.current = shownLeads;
  const announced = useRef({ columns: shown, leads: byId as ReadonlyMap<string, Lead>, start: null as Columns | null });
  announced.current.columns = shown;
  announced.current.leads = byId;
  const moveLead = useMoveLead();
  const keyboard = useMemo(() => boardKeyboardCoordinates(() => announced.current.columns), []);

  const mouse = useSensor(MouseSensor, { activationConstraint: { distance: 6 } });
  // A long press, so a swipe still scrolls the column.
  const touch = useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } });
  const keys = useSensor(KeyboardSensor, { coordinateGetter: keyboard.getter });
  const sensors = useSensors(readOnly ? null : mouse, readOnly ? null : touch, readOnly ? null : keys);

  const collisionDetection: CollisionDetection = useCallback(
    (args) => {
      const hits = pointerWithin(args);
      const found = hits.length > 0 ? hits : rectIntersection(args);
      const card = found.find((hit) => !STAGE_IDS.has(String(hit.id)));
      if (card) return [card];
      const column = found[0];
      if (!column) return [];
      // Over a column's empty space: the nearest of its rendered cards, else the column itself.
      const ids = new Set((dragColumns ?? columns)[column.id as keyof Columns] ?? []);
      const near = closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => ids.has(String(c.id))) });
      return near.length > 0 ? [near[0]!] : [column];
    },
    [dragColumns, columns],
  );

  function onDragStart({ active }: DragStartEvent) {
    keyboard.reset();
    setActiveId(String(active.id));
    setDragColumns(shown);
    announced.current.start = shown;
  }

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    const id = String(active.id);
    const overId = String(over.id);
    setDragColumns((prev) => {
      const cols = prev ?? columns;
      const from = columnOf(cols, id);
      const to = columnOf(cols, overId);
      if (!from || !to || from === to) return prev;
      const target = cols[to];
      let index = target.length;
      if (overId !== to) {
        const translated = active.rect.current.translated;
        const below = translated !== null && translated.top > over.rect.top + over.rect.height / 2;
        index = target.indexOf(overId) + (below ? 1 : 0);
      }
      return placeCard(cols, id, to, index);
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const id = String(active.id);
    const cols = dragColumns ?? columns;
    let final = cols;
    const stage = over ? columnOf(cols, String(over.id)) : undefined;
    if (over && stage && stage === columnOf(cols, id) && String(over.id) !== stage) {
      const ids = cols[stage];
      const from = ids.indexOf(id);
      const to = ids.indexOf(String(over.id));
      if (from !== to) final = { ...cols, [stage]: arrayMove(ids, from, to) };
    }
    const move = moveOf(final, id);
    announced.current.columns = over ? final : columns;
    if (over && move && !sameMove(move, moveOf(columns, id))) {
      setLanded({ board, columns: final });
      moveLead(move);
    }
    setDragColumns(null);
    setActiveId(null);
  }

  function onDragCancel() {
    setDragColumns(null);
    setActiveId(null);
  }

  const onToggle = useSelectionToggle(selection, shown);
  const defaults = useSettings().data?.stageProbabilities ?? DEFAULT_STAGE_PROBABILITIES;
  const announcements = useMemo(() => boardAnnouncements(() => announced.current), []);
  const activeLead = activeId ? byId.get(activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: BOARD_INSTRUCTIONS }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <div
        role="region"
        aria-label="Pipeline board"
        tabIndex={-1}
        data-testid="pipeline-board"
        data-board-scroller
        className="flex h-[calc(100dvh-16rem)] min-h-[26rem] gap-3 overflow-x-auto overscroll-x-contain pb-3"
      >
        {LEAD_STAGES.map((stage) => {
          const loaded = boardColumnOf.get(stage);
          // The count and the totals follow a card dragged in or out before the server has it.
          const count = (loaded?.count ?? 0) + shown[stage].length - columns[stage].length;
          const totals = movedTotals(stage, loaded, shown === columns ? null : { shown, columns, byId, defaults });
          return (
            <PipelineColumn
              key={stage}
              stage={stage}
              leads={shownLeads[stage]}
              count={count}
              hasMore={loaded !== undefined && loaded.count > loaded.leads.length}
              onLoadMore={onLoadMore}
              actions={actions}
              activeId={activeId && shown[stage].includes(activeId) ? activeId : null}
              valueMinor={totals.valueMinor}
              weightedMinor={totals.weightedMinor}
              selectedIds={selection?.ids}
              onToggle={selection ? onToggle : undefined}
            />
          );
        })}
      </div>
      {/* No rotation on the overlay: the keyboard moves by comparing its box with the cards' boxes. No
          drop animation either: dnd-kit's glides the copy home for 250 ms while the placed card is hidden,
          so the card would show in its new column only after it. Now it shows there in the drop's frame. */}
      <DragOverlay dropAnimation={null}>
        {activeLead ? <LeadCard lead={activeLead} className="cursor-grabbing shadow-lg ring-2 ring-ring/40" /> : null}
      </DragOverlay>
    </DndContext>
  );
}
