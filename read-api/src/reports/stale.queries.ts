import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { reportLeads, type ReportLeadRow } from "@crm/contracts/read-models/reports";
import type { ReportFilter } from "@crm/contracts/reports/queries";
import { idleDays, staleCutoffs } from "@crm/contracts/reports/stale";
import type { StaleLeads } from "@crm/contracts/reports/reports";
import type { Queryable } from "@crm/infra/db/database";
import { reportFilterSql } from "./report-reads.ts";

type StaleRow = Pick<ReportLeadRow, "name" | "business" | "stage" | "owner" | "last_touch_at"> & { id: string };

/**
 * The open leads with no activity for longer than their stage allows (docs/product.md, "Stale
 * leads"), longest idle first, then by name. Each stage's limit becomes the latest last activity
 * that is stale now (staleCutoffs, the rule isStale applies), so one statement walks the partial
 * index report_leads_idle (stage, last_touch_at) once per stage that has a limit, reading only the
 * stale rows. The filter is on the lead's current owner, source and priority.
 */
export async function readStaleLeads(
  q: Queryable,
  limits: Readonly<Record<LeadStageName, number | null>>,
  filter: ReportFilter,
  now: Date,
): Promise<StaleLeads> {
  const cutoffs = staleCutoffs(limits, now);
  const params: unknown[] = [LEAD_STAGES, LEAD_STAGES.map((stage) => cutoffs[stage])];
  const matching = reportFilterSql(filter, "l", params);
  // OFFSET 0 keeps the lateral subquery apart: flattened, the planner cannot tell how few rows fall
  // before a cutoff it only learns at run time and reads every open lead once instead.
  const { rows } = await q.query<StaleRow>(
    `SELECT l.lead_id AS id, l.name, l.business, l.stage, l.owner, l.last_touch_at
     FROM unnest($1::text[], $2::timestamptz[]) AS c(stage, cutoff)
     CROSS JOIN LATERAL (
       SELECT l.lead_id, l.name, l.business, l.stage, l.owner, l.last_touch_at FROM ${reportLeads} l
       WHERE l.status = 'open' AND l.stage = c.stage AND l.last_touch_at < c.cutoff AND ${matching}
       OFFSET 0
     ) l
     WHERE c.cutoff IS NOT NULL`,
    params,
  );
  const leads = rows.map((row) => ({
    id: row.id,
    name: row.name,
    business: row.business,
    stage: row.stage,
    ownerId: row.owner,
    lastActivityAt: row.last_touch_at,
    idleDays: idleDays(row.last_touch_at, now),
    limitDays: limits[row.stage]!,
  }));
  leads.sort((a, b) => b.idleDays - a.idleDays || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { leads };
}
