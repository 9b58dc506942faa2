import { named, type Queryable } from "../db/database.ts";
import type { EventStore } from "./event-store.ts";

/**
 * The first answer to a command id, from the `commands` table both stores keep in Postgres
 * (KurrentDB holds only the events): undefined while the command is unknown or half-recorded.
 */
export async function findCommandAnswer(db: Queryable, commandId: string): ReturnType<EventStore["findCommand"]> {
  const { rows } = await db.query<{ stream_id: string; next_version: number | null; position: string | null }>(
    named("SELECT stream_id, next_version, position FROM commands WHERE command_id = $1"),
    [commandId],
  );
  const row = rows[0];
  if (!row || row.next_version === null || row.position === null) return undefined;
  return { streamId: row.stream_id, nextVersion: row.next_version, position: row.position };
}
