import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from "@tanstack/react-virtual";
import { Inbox, LoaderCircle } from "lucide-react";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead } from "@crm/contracts/lead/answers";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/utils";
import type { LeadCardActions } from "./lead-card-menu.tsx";
import { useLeadDisplay } from "./lead-display.tsx";
import { SortableLeadCard } from "./sortable-lead-card.tsx";

/** A card's height before it is measured (most cards, with a phone line). */
const ESTIMATED_CARD_PX = 148;

/** A column asks for more leads when a card this close to the end of its loaded ones is rendered. */
const LOAD_AHEAD_CARDS = 10;

/**
 * Whether the column is on the screen, or within half a screen's width of it as the board scrolls.
 * A column further off draws no cards until the board is scrolled towards it: on a phone, where one
 * column fits, the first render draws two columns' cards rather than ten, and every card drawn costs
 * the first frame its style and layout (issue 34, Lighthouse). Checked before the first paint, then
 * followed as the board scrolls; once near, a column stays drawn.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    const board = node?.closest<HTMLElement>("[data-board-scroller]");
    if (!node || !board || typeof IntersectionObserver === "undefined") return setNear(true);
    const screen = window.innerWidth;
    const { left, right } = node.getBoundingClientRect();
    if (left < screen && right > 0) return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { root: board, rootMargin: `0px ${Math.round(screen / 2)}px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

export interface PipelineColumnProps {
  stage: LeadStage;
  /** The column's leads, top to bottom: the same array while they are the same objects, so the column skips rendering. */
  leads: Lead[];
  /** How many leads the column holds in all, loaded or not. */
  count: number;
  /** Whether more leads match than the column has loaded. */
  hasMore: boolean;
  onLoadMore: (stage: LeadStage, loaded: number) => void;
  actions: LeadCardActions;
  /** The card being dragged, if it is in this column: always rendered, so the drag never loses its node. */
  activeId: string | null;
  /** The column's total deal value and its value weighted by each lead's probability, in minor units. */
  valueMinor: number;
  weightedMinor: number;
  /** In selection mode: the chosen cards and how to toggle one (Shift for a range). */
  selectedIds?: ReadonlySet<string>;
  onToggle?: (lead: Lead, range: boolean) => void;
}

/** "$48K · weighted $21K" under the stage's name, the full amounts in its title (and said in full to screen readers). */
export function ColumnValue({ count, valueMinor, weightedMinor }: { count: number; valueMinor: number; weightedMinor: number }) {
  const { currency } = useLeadDisplay();
  const total = formatMoney(valueMinor, currency);
  const weighted = formatMoney(weightedMinor, currency);
  return (
    <p
      className="relative truncate text-xs text-muted-foreground tabular-nums"
      title={`${count} ${count === 1 ? "lead" : "leads"} · ${total} in all · ${weighted} weighted by probability`}
    >
      <span className="sr-only">{`${total} in all, ${weighted} weighted`}</span>
      <span aria-hidden="true">
        <span className="font-medium text-foreground">{formatMoney(valueMinor, currency, { compact: true })}</span>
        {" · weighted "}
        {formatMoney(weightedMinor, currency, { compact: true })}
      </span>
    </p>
  );
}

/**
 * One stage of the board, 20rem wide: title, count and its cards. Only the cards in view (and a few
 * around them) are rendered, so a column of thousands scrolls and drags as fast as a column of ten;
 * and only a page of them is loaded, the next asked for as the column nears its end.
 */
export const PipelineColumn = memo(function PipelineColumn({
  stage,
  leads,
  count,
  hasMore,
  onLoadMore,
  actions,
  activeId,
  valueMinor,
  weightedMinor,
  selectedIds,
  onToggle,
}: PipelineColumnProps) {
  const ids = useMemo(() => leads.map((lead) => lead.id), [leads]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const near = useNearScreen(scrollRef);
  const { setNodeRef, isOver } = useDroppable({ id: stage, data: { type: "column", stage } });
  const activeIndex = activeId ? ids.indexOf(activeId) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex >= 0 && !indexes.includes(activeIndex) ? [...indexes, activeIndex].sort((a, b) => a - b) : indexes;
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: (index) => ids[index]!,
    overscan: 2, // each card drawn costs the first frame ~40 elements to style (issue 34)
    rangeExtractor,
    enabled: near || activeIndex >= 0,
  });
  const lastRendered = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  const nearEnd = hasMore && lastRendered >= ids.length - LOAD_AHEAD_CARDS;
  useEffect(() => {
    if (nearEnd) onLoadMore(stage, ids.length);
  }, [nearEnd, onLoadMore, stage, ids.length]);
  const headingId = `column-${stage.replace(/\s+/g, "-").toLowerCase()}`;
  const setRefs = useCallback(
    (node: HTMLDivElement | null) => {
      scrollRef.current = node;
      setNodeRef(node);
    },
    [setNodeRef],
  );

  return (
    <section aria-labelledby={headingId} data-stage={stage} className="flex h-full w-80 shrink-0 flex-col rounded-xl border bg-muted/40">
      <header className="grid gap-0.5 px-3 pt-3 pb-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="truncate text-sm font-semibold">
            {stage}
          </h2>
          <Badge variant="secondary" aria-label={`${count} ${count === 1 ? "lead" : "leads"}`}>
            {count}
          </Badge>
        </div>
        {valueMinor > 0 && <ColumnValue count={count} valueMinor={valueMinor} weightedMinor={weightedMinor} />}
      </header>
      <div
        ref={setRefs}
        data-column-list={stage}
        className={cn("min-h-0 flex-1 overflow-y-auto px-2 pb-2 transition-colors", isOver && "bg-accent/60")}
      >
        <SortableContext id={stage} items={ids} strategy={verticalListSortingStrategy}>
          {ids.length === 0 ? (
            <EmptyColumn />
          ) : (
            <VirtualCardList items={leads} count={count} headingId={headingId} virtualizer={virtualizer}>
              {(lead) => <SortableLeadCard lead={lead} actions={actions} onToggle={onToggle} selected={selectedIds?.has(lead.id)} />}
            </VirtualCardList>
          )}
          {nearEnd && (
            <p role="status" className="flex items-center justify-center gap-2 py-3 text-xs text-muted-foreground">
              <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
              Loading more leads…
            </p>
          )}
        </SortableContext>
      </div>
    </section>
  );
});

/** A column with no cards (the live board's and the past one's). */
export function EmptyColumn() {
  return (
    <div className="flex h-28 flex-col items-center justify-center gap-1 rounded-lg border border-dashed text-xs text-muted-foreground">
      <Inbox className="size-4" aria-hidden="true" />
      No leads in this stage
    </div>
  );
}

/** A column's cards as a list of which only those near the view are drawn, each measured as it renders. */
export function VirtualCardList<T>(props: {
  items: readonly T[];
  /** How many the whole column holds (more than are loaded, on the live board). */
  count: number;
  headingId: string;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  children: (item: T) => ReactNode;
}) {
  const { items, count, headingId, virtualizer, children } = props;
  return (
    <ul aria-labelledby={headingId} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-posinset={row.index + 1}
            aria-setsize={count}
            className="absolute inset-x-0 top-0 pb-2"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {children(item)}
          </li>
        );
      })}
    </ul>
  );
}
