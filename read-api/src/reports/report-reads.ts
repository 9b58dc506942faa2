import type { ReportFilter } from "@crm/contracts/reports/queries";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { agencySettingsReader } from "../settings/agency-settings.ts";

/** What the report routes read: the reports read model, the settings stream and the clock. */
export interface ReportReadDeps {
  /** The reports read model (and nothing else: every figure comes from its tables). */
  db: Queryable;
  /** For the agency's settings: zone, week start, currency, probabilities, stale limits. */
  store: EventStore;
  now: () => Date;
}

/** The report route groups' context: their deps and the agency's settings, folded once per group. */
export function reportReadSetup(deps: ReportReadDeps) {
  return { ...deps, settings: agencySettingsReader(deps.store) };
}

/**
 * The report filter as SQL on a row (alias) holding owner, source and priority, its values numbered
 * after the params already given ("true" when it names none). The past board applies it to the
 * card's state then, the stale list to the lead as it is now.
 */
export function reportFilterSql(filter: ReportFilter, alias: string, params: unknown[]): string {
  const where: string[] = [];
  const add = (column: "owner" | "source" | "priority", value: string | undefined) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`${alias}.${column} = $${params.length}`);
  };
  add("owner", filter.owner);
  add("source", filter.source);
  add("priority", filter.priority);
  return where.length ? where.join(" AND ") : "true";
}
