import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { leadStreams as leadStreamsTable, type LeadStreamRow } from "@crm/contracts/read-models/lead-streams";
import { users, type UserRow } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";

/** The lead's own stream and every stream the lead_streams read model links to it. */
export async function leadStreams(db: Queryable, leadId: string): Promise<string[]> {
  const { rows } = await db.query<Pick<LeadStreamRow, "stream_id">>(
    `SELECT stream_id FROM ${leadStreamsTable} WHERE lead_id = $1 ORDER BY first_position`,
    [leadId],
  );
  const own = leadStreamId(leadId);
  return [own, ...rows.map((r) => r.stream_id).filter((s) => s !== own)];
}

/**
 * Every event of a lead and its related streams, merged into log order. This is the one read that
 * replays streams on a request (docs/decisions/004-projections-and-queries.md): history and time travel are about the log itself.
 */
export async function readLeadEvents(db: Queryable, store: EventStore, leadId: string): Promise<RecordedEvent[]> {
  const streams = await leadStreams(db, leadId);
  const perStream = await Promise.all(streams.map((streamId) => store.readStream(streamId)));
  return perStream.flat().sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}

/** Display names of the staff users among these actor ids (others, like "public", are not users). */
export async function actorNames(db: Queryable, actorIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(actorIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<Pick<UserRow, "id" | "display_name">>(
    `SELECT id::text AS id, display_name FROM ${users} WHERE id::text = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.display_name]));
}
