import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { reportLeads, reportLeadStates } from "@crm/contracts/read-models/reports";
import type { ReportFilter } from "@crm/contracts/reports/queries";
import { reportFilterSql } from "./report-reads.ts";
import type { PastBoard } from "@crm/contracts/reports/reports";
import type { Queryable } from "@crm/infra/db/database";

/** What the board at an instant is read for: when, optionally an earlier instant to compare with, and the filter. */
export interface PastBoardRead {
  /** The instant the board is shown at. */
  asOf: string;
  /** With ?since=: the instant it is compared with (the end of that day). */
  sinceAsOf?: string;
  filter: ReportFilter;
  /** Each stage's default probability now (the agency's settings), for the leads without their own. */
  probabilities: Readonly<Record<LeadStageName, number>>;
}

/** An instant as every answer writes it (ISO 8601 in UTC with milliseconds, as the tables read back), whatever the session's zone. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The board at `asOf` and the leads that left it since `sinceAsOf`, as the JSON text of PastBoard's
 * `columns` and `left`, in one statement. Each lead's state at an instant is its row whose span
 * (valid_from, valid_to] holds the instant. The cards are the states open then and matching the filter
 * then, newest in their stage first; the left leads those open and matching at sinceAsOf whose
 * state at asOf is lost or archived (named as they were at asOf), in the order of the stage they
 * left, then by name. Weighted values are rounded per lead, half up, in bigint. Postgres writes the
 * JSON, as for the live board (read-api/src/leads/leads.queries.ts): a past board holds every open
 * card, thousands on a large pipeline, and the app then sends one text rather than parse rows and
 * serialise them again on its event loop.
 */
export async function pastBoardJson(q: Queryable, read: PastBoardRead): Promise<string> {
  const params: unknown[] = [read.asOf, read.sinceAsOf ?? null, LEAD_STAGES, LEAD_STAGES.map((stage) => read.probabilities[stage])];
  const onBoard = reportFilterSql(read.filter, "d", params);
  const leftBoard = reportFilterSql(read.filter, "s", params);
  // The card states that held at t (begun before it; ended at it or later, or not yet). A lead whose
  // current state began before t still shows it, and its row in report_leads holds it; only the leads
  // changed since t are looked up in their history, each by one descent of report_states_at to its
  // last state begun before t (decisions/062). A lead created after t has none and is not on that board.
  const heldAt = (t: string, columns: readonly string[]) => `
    SELECT lead_id, ${columns.join(", ")} FROM ${reportLeads} WHERE state_from < ${t}
    UNION ALL
    SELECT h.* FROM ${reportLeads} c CROSS JOIN LATERAL (
      SELECT s.lead_id, ${columns.map((column) => `s.${column}`).join(", ")} FROM ${reportLeadStates} s
      WHERE s.lead_id = c.lead_id AND s.valid_from < ${t}
      ORDER BY s.valid_from DESC, s.version DESC LIMIT 1
    ) h
    WHERE c.state_from >= ${t}`;
  const DAY_COLUMNS = [
    "stage",
    "status",
    "name",
    "business",
    "priority",
    "owner",
    "source",
    "value_minor",
    "probability",
    "stage_entered_at",
  ];
  const SINCE_COLUMNS = ["stage", "status", "owner", "source", "priority"];
  // Without a since the cards carry no movedFrom at all; with one: null (same column), the stage then, or "absent".
  const movedFrom =
    read.sinceAsOf === undefined
      ? ""
      : `, 'movedFrom', CASE WHEN r.since_status IS DISTINCT FROM 'open' THEN 'absent' WHEN r.since_stage <> r.stage THEN r.since_stage END`;
  const { rows } = await q.query<{ body: string }>(
    `WITH at_day AS MATERIALIZED (${heldAt("$1::timestamptz", DAY_COLUMNS)}
     ), at_since AS MATERIALIZED (
       SELECT * FROM (${heldAt("$2::timestamptz", SINCE_COLUMNS)}) s WHERE $2::timestamptz IS NOT NULL
     ), shown AS MATERIALIZED (
       SELECT d.lead_id, d.stage, d.status, d.name, d.business, d.priority, d.owner, d.value_minor, d.stage_entered_at, p.ord,
              (d.value_minor * coalesce(d.probability, p.probability) + 50) / 100 AS weighted_minor,
              s.stage AS since_stage, s.status AS since_status
       FROM at_day d
       JOIN unnest($3::text[], $4::int[]) WITH ORDINALITY AS p(stage, probability, ord) ON p.stage = d.stage
       LEFT JOIN at_since s ON s.lead_id = d.lead_id
       WHERE (d.status = 'open' AND ${onBoard}) OR (d.status <> 'open' AND s.status = 'open' AND ${leftBoard})
     ), column_totals AS (
       SELECT r.stage, count(*) AS leads, coalesce(sum(r.value_minor), 0) AS value_sum, coalesce(sum(r.weighted_minor), 0) AS weighted_sum,
              string_agg(json_build_object('id', r.lead_id, 'name', r.name, 'business', r.business, 'priority', r.priority,
                'ownerId', r.owner, 'valueMinor', r.value_minor, 'enteredStageAt', ${iso("r.stage_entered_at")}${movedFrom})::text,
                ',' ORDER BY r.stage_entered_at DESC, r.lead_id) AS cards
       FROM shown r WHERE r.status = 'open' GROUP BY r.stage
     )
     SELECT '{"columns":[' || (
         SELECT string_agg('{"stage":' || to_json(p.stage)::text || ',"count":' || coalesce(c.leads, 0) || ',"valueMinor":' || coalesce(c.value_sum, 0)
           || ',"weightedMinor":' || coalesce(c.weighted_sum, 0) || ',"leads":[' || coalesce(c.cards, '') || ']}', ',' ORDER BY p.ord)
         FROM unnest($3::text[]) WITH ORDINALITY AS p(stage, ord) LEFT JOIN column_totals c ON c.stage = p.stage
       ) || '],"left":[' || coalesce((
         SELECT string_agg(json_build_object('id', r.lead_id, 'name', r.name, 'business', r.business, 'stage', r.since_stage, 'now', r.status)::text,
           ',' ORDER BY array_position($3::text[], r.since_stage), r.name, r.lead_id)
         FROM shown r WHERE r.status <> 'open'
       ), '') || ']}' AS body`,
    params,
  );
  return rows[0]!.body;
}

/** The board at an instant as objects (see pastBoardJson). */
export async function readPastBoard(q: Queryable, read: PastBoardRead): Promise<Pick<PastBoard, "columns" | "left">> {
  return JSON.parse(await pastBoardJson(q, read)) as Pick<PastBoard, "columns" | "left">;
}
