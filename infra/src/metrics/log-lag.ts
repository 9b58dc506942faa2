import { READABLE_HORIZON } from "../event-store/readable-horizon.ts";

/**
 * SQL: the events of the Postgres log after the position stored in `positionColumn`
 * ("<transaction id>-<global position>", as checkpoints keep it) and up to the head as the event
 * store reads it (transactions older than every open one: what a follower can already see). How
 * far a projection or a reactor is behind, for health, readiness and metrics alike.
 */
export const eventsAfterSql = (positionColumn: string) =>
  `(e.transaction_id, e.global_position) >
   (split_part(${positionColumn}, '-', 1)::numeric::text::xid8, split_part(${positionColumn}, '-', 2)::bigint)
   AND e.transaction_id < ${READABLE_HORIZON}`;
