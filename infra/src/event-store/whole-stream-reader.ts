import type { RecordedEvent } from "@crm/contracts/events/registry";
import { named, type Queryable } from "../db/database.ts";
import { createGroupBatcher, type Queued } from "../db/group-batcher.ts";
import { toRecorded, type EventRow } from "./event-rows.ts";

// event-store/005-read-streams-function: one generic plan per connection.
const READ_STREAMS = named("SELECT * FROM crm_read_streams($1::text[])");

/**
 * Reads whole streams (what a command loads before deciding). Reads that arrive while others are
 * running share the next statement, one round trip for many commands under load; each statement
 * starts after its callers asked, so none gets an older stream than a read of its own would.
 */
export function createWholeStreamReader(db: Queryable): (streamId: string) => Promise<RecordedEvent[]> {
  return createGroupBatcher(async (batch: Queued<string, RecordedEvent[]>[]) => {
    const ids = [...new Set(batch.map((queued) => queued.item))];
    const { rows } = await db.query<EventRow>(READ_STREAMS, [ids]);
    const byStream = new Map<string, EventRow[]>();
    for (const row of rows) {
      const stream = byStream.get(row.stream_id);
      if (stream) stream.push(row);
      else byStream.set(row.stream_id, [row]);
    }
    // Decoded per caller: two commands on one stream must not share event objects.
    for (const { item, resolve } of batch) resolve((byStream.get(item) ?? []).map(toRecorded));
  });
}
