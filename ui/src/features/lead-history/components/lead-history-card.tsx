import { Download, FileText, ShieldX } from "lucide-react";
import { useState } from "react";
import { lazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { HistoryEntryItem } from "./history-entry-item.tsx";
import { TimeTravelSlider } from "./time-travel-slider.tsx";
import { useLeadHistory } from "../api/get-lead-history.ts";
import { useTimeZone } from "@/api/use-time-zone";

const EraseLeadDialog = lazyDialog(() => import("./erase-lead-dialog.tsx").then((m) => m.EraseLeadDialog));

export interface LeadHistoryCardProps {
  leadId: string;
  leadName: string;
  /** Partners may erase the lead's personal data. */
  canErase: boolean;
}

/** History: every event of the lead and its related streams, newest first, a time-travel slider, exports and erasure. */
export function LeadHistoryCard({ leadId, leadName, canErase }: LeadHistoryCardProps) {
  const zone = useTimeZone();
  const history = useLeadHistory(leadId);
  const [erasing, setErasing] = useState(false);
  const base = `/api/leads/${encodeURIComponent(leadId)}/history`;
  const entries = history.data?.entries ?? [];
  const versions = entries.filter((e) => e.streamId === `lead-${leadId}`);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">History</CardTitle>
        <CardAction className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" asChild>
            <a href={`${base}.jsonl`} download>
              <Download aria-hidden="true" />
              JSON Lines
            </a>
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <a href={`${base}.html`} target="_blank" rel="noreferrer">
              <FileText aria-hidden="true" />
              Report
            </a>
          </Button>
          {canErase && !history.data?.erased && (
            <>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                aria-haspopup="dialog"
                onClick={() => setErasing(true)}
              >
                <ShieldX aria-hidden="true" />
                Erase Personal Data
              </Button>
              <EraseLeadDialog leadId={leadId} leadName={leadName} open={erasing} onOpenChange={setErasing} />
            </>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {history.isPending ? (
          <Skeleton className="h-24" aria-hidden="true" />
        ) : history.error || !history.data ? (
          <p className="text-sm text-destructive">Could not load the history.</p>
        ) : (
          <>
            {history.data.erased && <p className="text-sm text-muted-foreground">This lead's personal data has been erased.</p>}
            <p className="text-xs text-muted-foreground">Times are in {zone}.</p>
            {versions.length > 0 && <TimeTravelSlider key={versions.length} leadId={leadId} versions={versions} />}
            {/* Focusable so keyboard users can scroll the list (axe: scrollable-region-focusable). */}
            <ol
              className="grid max-h-[32rem] gap-4 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label="Events"
              tabIndex={0}
            >
              {[...entries].reverse().map((entry) => (
                <HistoryEntryItem key={entry.eventId} entry={entry} />
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
