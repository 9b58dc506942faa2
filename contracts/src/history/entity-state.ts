import type { RecordedEvent } from "../events/registry.ts";
import { leadIdOfStream } from "../lead/stream.ts";
import { replayLead } from "./lead-snapshot.ts";

/**
 * Any entity as its events made it (the audit workbench's time travel, docs/product.md "Audit"):
 * a lead as the board would have shown it (replayLead, the leads read model's own rules); any other
 * stream as the fields its events' data set, in log order, later values winning, with the type of
 * the event that last touched it. The other kinds' read models (meetings, users, tasks…) have rules
 * of their own, which this does not repeat: it shows what the log said, field by field.
 */
export function entityState(streamId: string, events: readonly RecordedEvent[]): Record<string, unknown> {
  if (leadIdOfStream(streamId) !== undefined) return { ...replayLead(events) };
  const state: Record<string, unknown> = {};
  for (const event of events) Object.assign(state, event.data);
  const last = events.at(-1);
  return last ? { ...state, lastEventType: last.type } : state;
}
