import { foldSearch } from "@crm/contracts/lead/fold";
import { LEAD_STAGES, type Lead, type LeadStage, type Stats } from "@crm/contracts/lead/lead";
import { closedLeads, leads, leadStageCounts } from "@crm/contracts/read-models/leads";
import type { PipelineCharts } from "@crm/contracts/lead/answers";
import type { ZoneWeek } from "@crm/contracts/time/date-time";
import type { Queryable } from "@crm/infra/db/database";

export interface LeadFilter {
  search?: string;
  stage?: string;
  priority?: string;
  creativeDirectorId?: string;
  /** Only the leads this staff account owns (?owner=, or ?mine=true for the reader). */
  owner?: string;
}

/** The term as the stored search column holds text: folded (accents, case), LIKE's wildcards made literal. */
const searchPattern = (term: string) => `%${escapeLike(foldSearch(term))}%`;

/** The WHERE clause for the filter, its values numbered after the params already given. */
function filterClause(filter: LeadFilter, params: unknown[]): string {
  const where: string[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (filter.search) add((p) => `search LIKE ${p}`, searchPattern(filter.search));
  if (filter.stage) add((p) => `stage = ${p}`, filter.stage);
  if (filter.priority) add((p) => `priority = ${p}`, filter.priority);
  if (filter.creativeDirectorId) add((p) => `creative_director_id = ${p}::uuid`, filter.creativeDirectorId);
  if (filter.owner) add((p) => `assigned_to = ${p}`, filter.owner);
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/**
 * Every lead matching the filter, column by column in stage order, each column in rank order, as
 * the JSON array text the API sends (CSV export, the command menu). Each row keeps its lead
 * rendered (card, written by the projector), so Postgres only joins the texts: the app receives
 * one value instead of parsing ten thousand rows and serialising them again on its event loop.
 */
export async function listLeadsJson(q: Queryable, filter: LeadFilter = {}): Promise<string> {
  const params: unknown[] = [LEAD_STAGES];
  const where = filterClause(filter, params);
  const { rows } = await q.query<{ body: string }>(
    `SELECT '[' || coalesce(string_agg(l.card, ',' ORDER BY array_position($1::text[], l.stage), l.rank, l.id), '') || ']' AS body
     FROM ${leads} l ${where}`,
    params,
  );
  return rows[0]!.body;
}

/**
 * A column's totals from the matching rows, as lead_stage_counts keeps them for every open lead:
 * count, value, the weighted value of the leads with their own probability (rounded per lead), and
 * the value of those following the stage's default.
 */
const MATCHING_TOTALS = `SELECT count(*)::int AS total, coalesce(sum(l.value_minor), 0)::bigint AS value_sum,
    coalesce(sum((l.value_minor * l.probability + 50) / 100) FILTER (WHERE l.probability IS NOT NULL), 0)::bigint AS explicit,
    coalesce(sum(l.value_minor) FILTER (WHERE l.probability IS NULL), 0)::bigint AS by_default
  FROM matching l WHERE l.stage = s.stage`;
const KEPT_TOTALS = `SELECT n.leads AS total, n.value_sum, n.explicit_weighted_sum AS explicit, n.default_value_sum AS by_default
  FROM ${leadStageCounts} n WHERE n.stage = s.stage`;

/**
 * The board as the screen shows it (a LeadBoard's JSON text): for each stage in order, how many
 * leads match, their value and weighted value, and the first `limits[i]` of them in rank order.
 * Unfiltered, each column's totals are the row the projection keeps (lead_stage_counts) and its
 * cards one index scan on (stage, rank) that stops at the page's end, so the board costs the same
 * at 100,000 leads as at 1,000; filtered, the matching leads are gathered once and each column
 * sums and reads them.
 *
 * Weighted value: each lead's value x probability / 100, rounded half up (Math.round). A lead with
 * its own probability is rounded on its own (explicit_weighted_sum); the leads following the
 * stage's default (`defaults[i]`, from the agency's settings, which may change at any time and
 * so cannot be folded into the kept sums) are weighted together and rounded ONCE per column:
 * round(default_value_sum x p / 100). That may differ from rounding each of them by less than half
 * a minor unit per such lead; filtered boards use the same scheme, so a filter matching every lead
 * answers the same totals as the unfiltered board.
 */
export async function boardJson(
  q: Queryable,
  filter: Omit<LeadFilter, "stage">,
  limits: readonly number[],
  defaults: readonly number[],
): Promise<string> {
  const params: unknown[] = [LEAD_STAGES, limits, defaults];
  const where = filterClause(filter, params);
  const source = where ? "matching" : leads.name;
  const { rows } = await q.query<{ body: string }>(
    `${where ? `WITH matching AS MATERIALIZED (SELECT stage, rank, id, card, value_minor, probability FROM ${leads} ${where})` : ""}
     SELECT '{"columns":[' || string_agg(
         '{"stage":' || to_json(s.stage)::text || ',"count":' || coalesce(t.total, 0) || ',"valueMinor":' || coalesce(t.value_sum, 0)
         || ',"weightedMinor":' || (coalesce(t.explicit, 0) + (coalesce(t.by_default, 0) * s.p + 50) / 100)
         || ',"leads":[' || coalesce(c.cards, '') || ']}',
         ',' ORDER BY s.ord) || ']}' AS body
     FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS s(stage, lim, p, ord)
     LEFT JOIN LATERAL (${where ? MATCHING_TOTALS : KEPT_TOTALS}) t ON true
     CROSS JOIN LATERAL (
       SELECT (SELECT string_agg(r.card, ',' ORDER BY r.rank, r.id)
               FROM (SELECT l.card, l.rank, l.id FROM ${source} l WHERE l.stage = s.stage ORDER BY l.rank, l.id LIMIT s.lim) r) AS cards
     ) c`,
    params,
  );
  return rows[0]!.body;
}

/** The board as objects (see listLeadsJson). */
export async function listLeads(q: Queryable, filter: LeadFilter = {}): Promise<Lead[]> {
  return JSON.parse(await listLeadsJson(q, filter)) as Lead[];
}

/** One lead, open or closed (lost, archived: with its status), as the API sends it. */
export async function getLead(q: Queryable, id: string): Promise<Lead | undefined> {
  const { rows } = await q.query<{ card: string }>(
    `SELECT card FROM ${leads} WHERE id = $1 UNION ALL SELECT card FROM ${closedLeads} WHERE id = $1`,
    [id],
  );
  return rows[0] ? (JSON.parse(rows[0].card) as Lead) : undefined;
}

/** The most a Lost or Archived view lists. */
export const CLOSED_LIST_LIMIT = 500;

/** The lost (or archived) leads, newest closed first, at most CLOSED_LIST_LIMIT, as the JSON array text the API sends. */
export async function closedLeadsJson(q: Queryable, status: "lost" | "archived", search?: string): Promise<string> {
  const params: unknown[] = [status, CLOSED_LIST_LIMIT];
  if (search) params.push(searchPattern(search));
  const { rows } = await q.query<{ body: string }>(
    `SELECT '[' || coalesce(string_agg(t.card, ',' ORDER BY t.closed_at DESC, t.id), '') || ']' AS body
     FROM (SELECT card, closed_at, id FROM ${closedLeads} WHERE status = $1 ${search ? "AND search LIKE $3" : ""}
           ORDER BY closed_at DESC, id LIMIT $2) t`,
    params,
  );
  return rows[0]!.body;
}

/** Each stage's default probability from the agency's settings, in stage order (boardJson's defaults). */
export const stageDefaults = (probabilities: Readonly<Record<LeadStage, number>>): number[] =>
  LEAD_STAGES.map((stage) => probabilities[stage]);

const STATS = `
  coalesce(sum(leads) FILTER (WHERE stage = 'New Lead'), 0)::int AS "newLeads",
  coalesce(sum(leads) FILTER (WHERE stage = 'Contract Sent'), 0)::int AS "contractsPending",
  coalesce(sum(leads) FILTER (WHERE stage IN ('Contract Signed', 'Onboarding Form Sent', 'Onboarding Scheduled', 'Creative Director Assigned')), 0)::int AS "onboardingInProgress"`;

/**
 * The dashboard's stats (docs/product.md, "Dashboard"), from the leads read model. Over every lead:
 * the stage counts it keeps, and the assigned leads (a partial index). For a Creative Director
 * (directorId), over their own clients only: counted from their rows, which the index finds.
 */
export async function getStats(q: Queryable, directorId?: string): Promise<Stats> {
  const { rows } =
    directorId === undefined
      ? await q.query<Stats>(
          `SELECT ${STATS}, (SELECT count(*) FROM ${leads} WHERE creative_director_id IS NOT NULL)::int AS "clientsAssigned"
           FROM ${leadStageCounts} n`,
        )
      : await q.query<Stats>(
          `SELECT ${STATS}, coalesce(sum(leads), 0)::int AS "clientsAssigned"
           FROM (SELECT stage, count(*)::int AS leads FROM ${leads} WHERE creative_director_id = $1 GROUP BY stage) n`,
          [directorId],
        );
  return rows[0]!;
}

/**
 * The dashboard's charts (PipelineCharts): the open leads per stage, as lead_stage_counts keeps them, and
 * those created in each of the weeks given (oldest first), counted in one pass over the leads created
 * since the first week began.
 */
export async function getPipelineCharts(q: Queryable, weeks: readonly ZoneWeek[]): Promise<PipelineCharts> {
  const bounds = [...weeks.map((week) => week.from), weeks.at(-1)!.to];
  const [stages, created] = await Promise.all([
    q.query<{ stage: string; leads: number }>(`SELECT stage, leads FROM ${leadStageCounts}`),
    // width_bucket: 1 for the first week, weeks.length for the last (bounds sorted, rows outside them filtered out).
    q.query<{ bucket: number; leads: number }>(
      `SELECT width_bucket(created_at, $1::timestamptz[]) AS bucket, count(*)::int AS leads
       FROM ${leads} WHERE created_at >= $2 AND created_at < $3 GROUP BY 1`,
      [bounds, bounds[0], bounds.at(-1)],
    ),
  ]);
  const byStage = new Map(stages.rows.map((row) => [row.stage, row.leads]));
  const byWeek = new Map(created.rows.map((row) => [row.bucket, row.leads]));
  return {
    byStage: LEAD_STAGES.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 })),
    newPerWeek: weeks.map((week, i) => ({ weekStart: week.weekStart, count: byWeek.get(i + 1) ?? 0 })),
  };
}

/** LIKE treats % and _ as wildcards and \ as its escape: make them literal. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
