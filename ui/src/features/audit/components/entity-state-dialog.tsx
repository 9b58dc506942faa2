import { useId, useState } from "react";
import type { AuditEntityState } from "@crm/contracts/audit/workbench";
import { fromWallTime, toWallTime } from "@crm/contracts/time/date-time";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useTimeZone } from "@/api/use-time-zone";
import { useEntityState } from "../api/get-entity-state.ts";
import { actorName, showValue } from "../utils/summary.ts";

export interface EntityStateDialogProps {
  /** The entity and the moment first shown: a row's stream and its event's time. */
  streamId: string;
  at: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Narrows the list to this entity's events. */
  onShowEvents: (streamId: string) => void;
}

/** An entity as its events had made it at a moment, with the moment movable (minutes, in the reader's zone). */
export function EntityStateDialog({ streamId, at: first, open, onOpenChange, onShowEvents }: EntityStateDialogProps) {
  const zone = useTimeZone();
  const id = useId();
  const [at, setAt] = useState<string | undefined>(first);
  // What was typed, kept only to show an input that is not a moment yet (a half-typed date).
  const [wall, setWall] = useState("");
  const state = useEntityState(streamId, at);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>State at this moment</DialogTitle>
          <DialogDescription className="font-mono break-all">{streamId}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-moment`}>Moment</Label>
          <Input
            id={`${id}-moment`}
            type="datetime-local"
            className="w-full sm:w-64"
            value={at ? toWallTime(at, zone) : wall}
            onChange={(event) => {
              setWall(event.target.value);
              setAt(fromWallTime(event.target.value, zone));
            }}
            aria-describedby={`${id}-moment-help`}
          />
          <p id={`${id}-moment-help`} className="text-xs text-muted-foreground">
            {`In ${zone}; the entity shows every event recorded up to ${at ? formatDateTime(at, zone) : "then"}.`}
          </p>
        </div>
        <div aria-live="polite" className="grid gap-3">
          {at === undefined ? (
            <p className="text-sm text-muted-foreground">Enter a date and a time.</p>
          ) : state.isPending ? (
            <p className="text-sm text-muted-foreground">Replaying…</p>
          ) : state.error || !state.data ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(state.error, "Could not replay this entity.")}
            </p>
          ) : (
            <EntityState state={state.data} zone={zone} />
          )}
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              onShowEvents(streamId);
              onOpenChange(false);
            }}
          >
            Show its events
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function EntityState({ state, zone }: { state: AuditEntityState; zone: string }) {
  if (!state.exists) return <p className="text-sm">{`This ${state.kind} did not exist yet at ${formatDateTime(state.at, zone)}.`}</p>;
  const fields = Object.entries(state.state);
  return (
    <>
      <p className="text-sm">
        {`The ${state.kind} at version ${state.version}`}
        {state.lastEvent &&
          `, after ${state.lastEvent.type} by ${actorName(state.lastEvent.actor)} on ${formatDateTime(state.lastEvent.at, zone)}`}
        .
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Its events set no fields.</p>
      ) : (
        <dl
          aria-label={`The ${state.kind} at this moment`}
          className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md border p-3 text-sm"
        >
          {fields.map(([field, value]) => (
            <div key={field} className="contents">
              <dt className="break-words text-muted-foreground">{field}</dt>
              <dd className="break-words whitespace-pre-wrap">{showValue(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
