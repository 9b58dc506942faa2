import type { Queryable } from "../db/database.ts";
import { eventsAfterSql } from "../metrics/log-lag.ts";

export interface ReactorBacklog {
  name: string;
  /** Events after the reactor's checkpoint: its outbox is among them until it has handled them. */
  backlogEvents: number;
}

/** Per reactor, the events it has not yet passed (a mail being retried keeps its checkpoint, so the backlog grows). */
export async function reactorBacklog(db: Queryable): Promise<ReactorBacklog[]> {
  const { rows } = await db.query<ReactorBacklog>(
    `SELECT c.name, (SELECT count(*) FROM events e WHERE ${eventsAfterSql("c.position")})::int AS "backlogEvents"
     FROM reactor_checkpoints c ORDER BY c.name`,
  );
  return rows;
}
