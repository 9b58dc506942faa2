import type { HistoryEntry } from "@crm/contracts/history/answers";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { useTimeZone } from "@/api/use-time-zone";

const show = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value));

export interface HistoryEntryItemProps {
  entry: HistoryEntry;
}

/** One event: what it was, who and when, the fields it changed (before → after) and its command. */
export function HistoryEntryItem({ entry }: HistoryEntryItemProps) {
  const zone = useTimeZone();
  const stream = entry.streamId.split("-", 1)[0];
  return (
    <li className="grid gap-1 border-l-2 pl-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{stream}</Badge>
        <span className="text-sm font-medium">{entry.summary}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
        {` · ${entry.actor.name ?? entry.actor.id}`}
      </p>
      {entry.changes.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
          {entry.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="text-muted-foreground">{change.field}</dt>
              <dd className="break-words">
                <span className="line-through decoration-muted-foreground/60">{show(change.before)}</span>
                {" → "}
                <span>{show(change.after)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="text-xs break-all text-muted-foreground">{`${entry.type} v${entry.schemaVersion} · command ${entry.commandId}`}</p>
    </li>
  );
}
