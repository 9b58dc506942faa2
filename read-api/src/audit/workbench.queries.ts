import type { AuditFilter } from "@crm/contracts/audit/workbench-query";
import type { Queryable } from "@crm/infra/db/database";
import { escapeLike } from "../leads/leads.queries.ts";

/** One event as the workbench reads it: the chain's index columns and the event's data as stored. */
export interface AuditRow {
  seq: string;
  event_id: string;
  transaction_id: string;
  global_position: string;
  /** metadata.at, as the command recorded it. */
  at: string;
  event_type: string;
  stream_id: string;
  stream_version: number;
  actor: string;
  data: Record<string, unknown>;
}

/** The WHERE clauses of a filter on event_chain (c) and events (e), its values numbered after the params already given. */
function filterClauses(filter: AuditFilter, params: unknown[]): string[] {
  const where: string[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  // Blank text filters filter nothing (the query takes them as a form sends them).
  if (filter.actor) add((p) => `c.actor = ${p}`, filter.actor);
  if (filter.type) add((p) => `c.event_type = ${p}`, filter.type);
  if (filter.entity) add((p) => `c.stream_id = ${p}`, filter.entity);
  if (filter.from) add((p) => `c.at >= ${p}::timestamptz`, filter.from);
  if (filter.to) add((p) => `c.at <= ${p}::timestamptz`, filter.to);
  if (filter.q) add((p) => `e.data::text ILIKE ${p}`, `%${escapeLike(filter.q)}%`);
  return where;
}

/**
 * A page of the log's events that pass the filter, newest first in chain order (the log's), those
 * before the chained event `before` when given. The chain is the index: its seq key gives the order,
 * and a page of one actor's or one entity's events comes from (actor, at, seq) or (stream_id, seq), a
 * period from the BRIN on at; only the page's rows (or, with a text filter, the rows tested) reach the
 * events table. Events appended in the last moment, not chained yet, are not listed.
 */
export async function auditEventPage(db: Queryable, filter: AuditFilter, before: number | undefined, limit: number): Promise<AuditRow[]> {
  const params: unknown[] = [];
  const where = filterClauses(filter, params);
  if (before !== undefined) {
    params.push(before);
    where.push(`c.seq < $${params.length}::bigint`);
  }
  params.push(limit);
  const { rows } = await db.query<AuditRow>(
    `SELECT c.seq::text AS seq, c.event_id::text AS event_id, c.transaction_id::text AS transaction_id,
            c.global_position::text AS global_position, e.metadata->>'at' AS at, c.event_type, c.stream_id,
            c.stream_version, c.actor, e.data
     FROM event_chain c
     JOIN events e ON (e.transaction_id, e.global_position) = (c.transaction_id, c.global_position)
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY c.seq DESC
     LIMIT $${params.length}`,
    params,
  );
  return rows;
}
