import { named, type Queryable } from "../db/database.ts";
import { createGroupBatcher, type GroupBatcherOptions, type Queued } from "../db/group-batcher.ts";
import type { LoadedStream, StreamMark } from "./event-store.ts";
import { toRecorded, type EventRow } from "./event-rows.ts";

// event-store/006-read-streams-after: one generic plan per connection.
const READ_STREAMS_AFTER = named("SELECT * FROM crm_read_streams_after($1::text[], $2::integer[], $3::integer[])");

interface LoadRequest {
  streamId: string;
  since?: StreamMark;
}

type LoadRow = EventRow & { rewrites: number };

/**
 * One request per stream for a batch's callers: from the earliest of their marks, or the whole
 * stream when one of them has none or they saw different rewrites.
 */
function requestsOf(batch: readonly Queued<LoadRequest, LoadedStream>[]): LoadRequest[] {
  const byStream = new Map<string, LoadRequest>();
  for (const { item } of batch) {
    const earlier = byStream.get(item.streamId);
    if (!earlier) byStream.set(item.streamId, item);
    else if (!earlier.since || !item.since || earlier.since.rewrites !== item.since.rewrites)
      byStream.set(item.streamId, { streamId: item.streamId });
    else if (item.since.version < earlier.since.version) byStream.set(item.streamId, item);
  }
  return [...byStream.values()];
}

/**
 * Loads streams as commands need them: whole, or only the events after a mark the caller folded
 * already (decisions/033). Loads that arrive while others are running share the next statement,
 * one round trip for many commands under load; each statement starts after its callers asked, so
 * none gets an older stream than a load of its own would.
 */
export function createStreamLoader(
  db: Queryable,
  options: Pick<GroupBatcherOptions, "grouping"> = {},
): (streamId: string, since?: StreamMark) => Promise<LoadedStream> {
  const load = createGroupBatcher(async (batch: Queued<LoadRequest, LoadedStream>[]) => {
    const requests = requestsOf(batch);
    const { rows } = await db.query<LoadRow>(READ_STREAMS_AFTER, [
      requests.map((r) => r.streamId),
      requests.map((r) => r.since?.version ?? 0),
      requests.map((r) => r.since?.rewrites ?? 0),
    ]);
    const byStream = new Map<string, LoadRow[]>();
    for (const row of rows) {
      const stream = byStream.get(row.stream_id);
      if (stream) stream.push(row);
      else byStream.set(row.stream_id, [row]);
    }
    for (const { item, resolve } of batch) {
      const stream = byStream.get(item.streamId) ?? [];
      const rewrites = stream[0]?.rewrites ?? item.since?.rewrites ?? 0;
      // The statement may have read from an earlier mark than this caller's: it takes the rows after its own.
      const after = item.since?.rewrites === rewrites ? item.since.version : 0;
      const mine = after === 0 ? stream : stream.filter((row) => row.stream_version > after);
      // Decoded per caller: two commands on one stream must not share event objects.
      resolve({ events: mine.map(toRecorded), rewrites, whole: item.since === undefined || rewrites !== item.since.rewrites });
    }
  }, options);
  return (streamId, since) => load({ streamId, since });
}
