import { History, SearchX } from "lucide-react";
import type { AuditEvent, AuditEventFilters } from "@crm/contracts/audit/workbench";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { useAuditEvents } from "../api/get-audit-events.ts";
import { actorName, summarize } from "../utils/summary.ts";

export interface EventListProps {
  filters: AuditEventFilters;
  /** Whether any filter is set: the empty list then says to widen them. */
  filtered: boolean;
  zone: string;
  /** "State at this moment": the row's entity at the row's time. */
  onInspect: (event: AuditEvent) => void;
  /** Narrows the list to one entity's events. */
  onEntity: (streamId: string) => void;
}

/** The events matching the filters, newest first, a page at a time ("Load more"). */
export function EventList({ filters, filtered, zone, onInspect, onEntity }: EventListProps) {
  const query = useAuditEvents(filters);
  if (query.error) return <ErrorState title="Could not load the events" error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading the events">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-20 rounded-lg" />
        ))}
      </div>
    );
  }
  const events = query.data.pages.flatMap((page) => page.events);
  if (events.length === 0) {
    return filtered ? (
      <EmptyState icon={SearchX} title="No Events Match" description="Widen the period, or clear a filter." />
    ) : (
      <EmptyState icon={History} title="No Events Yet" description="Events appear here a moment after they are recorded." />
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`${events.length.toLocaleString("en-US")} ${events.length === 1 ? "event" : "events"} shown, newest first${query.hasNextPage ? "; more are older" : ""}. Times are in ${zone}.`}
      </p>
      <ol aria-label="Events" className="grid gap-2">
        {events.map((event) => (
          <EventRow key={event.eventId} event={event} zone={zone} onInspect={onInspect} onEntity={onEntity} />
        ))}
      </ol>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          Could not load more events. Try again.
        </p>
      )}
    </div>
  );
}

function EventRow({
  event,
  zone,
  onInspect,
  onEntity,
}: { event: AuditEvent; zone: string } & Pick<EventListProps, "onInspect" | "onEntity">) {
  const summary = summarize(event.data);
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-start sm:gap-x-4">
      <div className="grid gap-0.5">
        <time dateTime={event.at} className="font-medium">
          {formatDateTime(event.at, zone)}
        </time>
        <span className="text-muted-foreground">{actorName(event.actor)}</span>
      </div>
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" className="font-mono">
            {event.type}
          </Badge>
          <button
            type="button"
            className="min-w-0 truncate rounded-sm font-mono text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            title={`Show only the events of ${event.streamId}`}
            aria-label={`Show only the events of ${event.streamId}`}
            onClick={() => onEntity(event.streamId)}
          >
            {event.streamId}
          </button>
          <span className="text-xs text-muted-foreground">{`v${event.streamVersion} · #${event.seq}`}</span>
        </div>
        {summary && <p className="break-words text-muted-foreground">{summary}</p>}
      </div>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onInspect(event)}>
        State at this moment
      </Button>
    </li>
  );
}
