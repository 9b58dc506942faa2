import { useVirtualizer } from "@tanstack/react-virtual";
import { History } from "lucide-react";
import { memo, useId, useMemo, useRef } from "react";
import type { LeadStageName } from "@crm/contracts/lead/stages";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { PastBoard, PastCard } from "@crm/contracts/reports/reports";
import { formatDate } from "@crm/contracts/time/date-time";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/utils";
import { formatDay } from "../utils/board-day.ts";
import { initialsOf } from "../utils/initials.ts";
import { ownerName } from "../utils/owners.ts";
import { useLeadDisplay } from "./lead-display.tsx";
import { OwnerAvatar } from "./owner-avatar.tsx";
import { ColumnValue, EmptyColumn, VirtualCardList } from "./pipeline-column.tsx";

/** docs/product.md, "Leads board": the priority edge bar, as on the live card. */
const EDGE: Record<PastCard["priority"], string> = { high: "bg-red-500", medium: "bg-amber-500", low: "bg-blue-500" };

/** A past card's height before it is measured. */
const ESTIMATED_CARD_PX = 112;

type Column = PastBoard["columns"][number];

export interface PastBoardViewProps {
  board: PastBoard;
  /** Today in the agency's zone: the board "at the end of" today is the board as it stands. */
  today: string;
  /** Another day or filter is loading; the board on screen is the one `board` names. */
  updating: boolean;
  /** The zone the cards' dates are written in (the reader's). */
  timeZone: string;
  onBackToToday: () => void;
}

/**
 * The board as it stood at the end of a past day: read-only (no drag, no card menu), each column's
 * count and value as the live board shows them. With a "since" day, the cards that moved or arrived
 * since are marked ("from Contacted", "new") and the leads that left the board are listed under it.
 */
export function PastBoardView({ board, today, updating, timeZone, onBackToToday }: PastBoardViewProps) {
  const byStage = useMemo(() => new Map(board.columns.map((column) => [column.stage, column] as const)), [board]);
  const changed = useMemo(
    () => board.columns.reduce((sum, column) => sum + column.leads.filter((lead) => lead.movedFrom != null).length, 0),
    [board],
  );
  const when = board.day === today ? `as it stands today, ${formatDay(board.day)}` : `at the end of ${formatDay(board.day)}`;
  return (
    <div className="grid min-w-0 gap-3">
      <section
        aria-label="Past board"
        className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
      >
        <div className="flex min-w-0 items-start gap-3">
          <History className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="grid min-w-0 gap-0.5">
            <p className="font-semibold">{`The board ${when} — read-only`}</p>
            {board.since && (
              <p className="text-sm" aria-live="polite">
                {`Changes since the end of ${formatDay(board.since)}: ${changed} ${changed === 1 ? "card" : "cards"} moved or new, ${board.left.length} left the board.`}
              </p>
            )}
            {updating && <p className="text-sm">Loading the board you picked…</p>}
          </div>
        </div>
        <Button type="button" variant="outline" onClick={onBackToToday} className="bg-background">
          Back to today
        </Button>
      </section>
      <div
        role="region"
        aria-label={`Pipeline board on ${formatDay(board.day)}`}
        // Focusable, so a keyboard can scroll it: a past card holds no control to tab to.
        tabIndex={0}
        data-testid="past-board"
        className="flex h-[calc(100dvh-20rem)] min-h-[26rem] gap-3 overflow-x-auto overscroll-x-contain rounded-xl pb-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {LEAD_STAGES.map((stage) => (
          <PastColumn key={stage} stage={stage} column={byStage.get(stage)} since={board.since} timeZone={timeZone} />
        ))}
      </div>
      {board.since && <LeftTheBoard board={board} since={board.since} />}
    </div>
  );
}

interface PastColumnProps {
  stage: LeadStageName;
  column: Column | undefined;
  since: string | null;
  timeZone: string;
}

/** One stage then: its name, count and value, and its cards, only those in view drawn (a column may hold thousands). */
const PastColumn = memo(function PastColumn({ stage, column, since, timeZone }: PastColumnProps) {
  const leads = column?.leads ?? [];
  const count = column?.count ?? 0;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: (index) => leads[index]!.id,
    overscan: 3,
  });
  const headingId = `past-column-${stage.replace(/\s+/g, "-").toLowerCase()}`;
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
        {column && column.valueMinor > 0 && (
          <ColumnValue count={count} valueMinor={column.valueMinor} weightedMinor={column.weightedMinor} />
        )}
      </header>
      <div
        ref={scrollRef}
        tabIndex={leads.length > 0 ? 0 : undefined}
        className="min-h-0 flex-1 overflow-y-auto rounded-b-xl px-2 pb-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {leads.length === 0 ? (
          <EmptyColumn />
        ) : (
          <VirtualCardList items={leads} count={count} headingId={headingId} virtualizer={virtualizer}>
            {(lead) => <PastLeadCard lead={lead} since={since} timeZone={timeZone} />}
          </VirtualCardList>
        )}
      </div>
    </section>
  );
});

/** The change badge's words: short on the card, in full for a screen reader. */
function changeOf(movedFrom: PastCard["movedFrom"], since: string | null) {
  if (movedFrom == null || since === null) return null;
  const day = formatDay(since);
  return movedFrom === "absent"
    ? { short: "new", full: `New on the board since the end of ${day}` }
    : { short: `from ${movedFrom}`, full: `Moved here from ${movedFrom} since the end of ${day}` };
}

/** A card as it stood: name, business, value, owner, how long in the stage, priority edge; marked when it moved since. */
const PastLeadCard = memo(function PastLeadCard({ lead, since, timeZone }: { lead: PastCard; since: string | null; timeZone: string }) {
  const { staff, currency } = useLeadDisplay();
  const change = changeOf(lead.movedFrom, since);
  const changeId = useId();
  return (
    <article
      aria-label={lead.name}
      aria-describedby={change ? changeId : undefined}
      data-lead-id={lead.id}
      data-moved={change ? (lead.movedFrom === "absent" ? "new" : "moved") : undefined}
      className={cn(
        "relative overflow-hidden rounded-lg border bg-card py-3 pr-3 pl-4 text-card-foreground shadow-xs",
        change && "border-sky-500 ring-2 ring-sky-500/30 dark:border-sky-400",
      )}
    >
      <span aria-hidden="true" className={cn("absolute inset-y-0 left-0 w-1", EDGE[lead.priority])} />
      <div className="flex items-start gap-3">
        <Avatar className="size-9">
          <AvatarFallback aria-hidden="true">{initialsOf(lead.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{lead.name}</p>
          <p className="truncate text-sm text-muted-foreground">{lead.business}</p>
        </div>
        {change && (
          <Badge id={changeId} className="max-w-[45%] shrink-0 bg-sky-700 text-white dark:bg-sky-300 dark:text-sky-950">
            <span className="truncate" aria-hidden="true">
              {change.short}
            </span>
            <span className="sr-only">{change.full}</span>
          </Badge>
        )}
      </div>
      <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="truncate">
          {lead.valueMinor !== null && (
            <span className="mr-2 font-medium text-foreground tabular-nums" title={formatMoney(lead.valueMinor, currency)}>
              <span className="sr-only">Value </span>
              {formatMoney(lead.valueMinor, currency, { compact: true })}
            </span>
          )}
          {`In stage since ${formatDate(lead.enteredStageAt, timeZone)}`}
        </span>
        <OwnerAvatar name={ownerName(staff, lead.ownerId)} />
      </div>
      <span className="sr-only">{`${lead.priority} priority`}</span>
    </article>
  );
});

/** The leads on the board at the end of `since` that were lost or archived by the day shown. */
function LeftTheBoard({ board, since }: { board: PastBoard; since: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-4">
      <h2 id={headingId} className="text-sm font-semibold">
        {`Left the board since the end of ${formatDay(since)}`}
      </h2>
      {board.left.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No lead was lost or archived in between.</p>
      ) : (
        <ul className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {board.left.map((lead) => (
            <li key={lead.id} className="flex min-w-0 items-baseline gap-2">
              <Badge variant={lead.now === "lost" ? "destructive" : "outline"} className="shrink-0 capitalize">
                {lead.now}
              </Badge>
              <span className="min-w-0 truncate">
                <span className="font-medium">{lead.name}</span>
                <span className="text-muted-foreground">{` · ${lead.business} · was in ${lead.stage}`}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
