import { LEAD_STAGES, type Lead, type Stats } from "@crm/contracts/lead/lead";
import { leads, leadStageCounts } from "@crm/contracts/read-models/leads";
import { selectAs } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";

/** A lead as the API sends it (getLead): each column under its API name, proposal_link AS "proposalLink" and so on. */
const LEAD_COLUMNS = selectAs(leads.as(), [
  "id",
  "name",
  "business",
  "email",
  "phone",
  "stage",
  "source",
  "priority",
  "proposal_link",
  "contract_status",
  "notes",
  "last_activity",
  "created_at",
  "updated_at",
  "created_by",
  "assigned_to",
  "creative_director_id",
  "version",
]);

/**
 * Each stage's number of leads as a relation (stage, leads): the counts the leads projection keeps
 * since its version 4, or, while an older leads read model still serves because the rebuild into
 * version 4 has not swapped in yet (blue/green, in the background at start), its rows counted.
 */
async function stageCounts(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ kept: boolean }>(`SELECT to_regclass('${leadStageCounts}') IS NOT NULL AS kept`);
  return rows[0]!.kept ? leadStageCounts.name : `(SELECT stage, count(*)::int AS leads FROM ${leads} GROUP BY stage)`;
}

export interface LeadFilter {
  search?: string;
  stage?: string;
  priority?: string;
  creativeDirectorId?: string;
  /** Only leads this user created or is assigned to. */
  mineOf?: string;
}

/** The WHERE clause for the filter, its values numbered after the params already given. */
function filterClause(filter: LeadFilter, params: unknown[]): string {
  const where: string[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (filter.search) add((p) => `search LIKE ${p}`, `%${escapeLike(filter.search.toLowerCase())}%`);
  if (filter.stage) add((p) => `stage = ${p}`, filter.stage);
  if (filter.priority) add((p) => `priority = ${p}`, filter.priority);
  if (filter.creativeDirectorId) add((p) => `creative_director_id = ${p}::uuid`, filter.creativeDirectorId);
  if (filter.mineOf) add((p) => `(created_by = ${p} OR assigned_to = ${p})`, filter.mineOf);
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
 * The board as the screen shows it (a LeadBoard's JSON text): for each stage in order, how many
 * leads match and the first `limits[i]` of them in rank order. Unfiltered, each column is its
 * count kept by the projection (lead_stage_counts) and one index scan on (stage, rank) that stops
 * at the page's end, so the board costs the same at 100,000 leads as at 1,000; filtered, the
 * matching leads are gathered once and each column counts and reads them.
 */
export async function boardJson(q: Queryable, filter: Omit<LeadFilter, "stage">, limits: readonly number[]): Promise<string> {
  const params: unknown[] = [LEAD_STAGES, limits];
  const where = filterClause(filter, params);
  const source = where ? "matching" : leads.name;
  const total = where
    ? "(SELECT count(*) FROM matching l WHERE l.stage = s.stage)"
    : `coalesce((SELECT leads FROM ${await stageCounts(q)} n WHERE n.stage = s.stage), 0)`;
  const { rows } = await q.query<{ body: string }>(
    `${where ? `WITH matching AS MATERIALIZED (SELECT stage, rank, id, card FROM ${leads} ${where})` : ""}
     SELECT '{"columns":[' || string_agg(
         '{"stage":' || to_json(s.stage)::text || ',"count":' || c.total || ',"leads":[' || coalesce(c.cards, '') || ']}',
         ',' ORDER BY s.ord) || ']}' AS body
     FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS s(stage, lim, ord)
     CROSS JOIN LATERAL (
       SELECT ${total} AS total,
              (SELECT string_agg(t.card, ',' ORDER BY t.rank, t.id)
               FROM (SELECT l.card, l.rank, l.id FROM ${source} l WHERE l.stage = s.stage ORDER BY l.rank, l.id LIMIT s.lim) t) AS cards
     ) c`,
    params,
  );
  return rows[0]!.body;
}

/** The board as objects (see listLeadsJson). */
export async function listLeads(q: Queryable, filter: LeadFilter = {}): Promise<Lead[]> {
  return JSON.parse(await listLeadsJson(q, filter)) as Lead[];
}

export async function getLead(q: Queryable, id: string): Promise<Lead | undefined> {
  const { rows } = await q.query<Lead>(`SELECT ${LEAD_COLUMNS} FROM ${leads} WHERE id = $1`, [id]);
  return rows[0];
}

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
           FROM ${await stageCounts(q)} n`,
        )
      : await q.query<Stats>(
          `SELECT ${STATS}, coalesce(sum(leads), 0)::int AS "clientsAssigned"
           FROM (SELECT stage, count(*)::int AS leads FROM ${leads} WHERE creative_director_id = $1 GROUP BY stage) n`,
          [directorId],
        );
  return rows[0]!;
}

/** LIKE treats % and _ as wildcards and \ as its escape: make them literal. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
