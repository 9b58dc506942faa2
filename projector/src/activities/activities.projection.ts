import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeActivity } from "@crm/contracts/activity/describe";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertRows } from "../sql.ts";

const COLUMNS = {
  id: "uuid",
  lead_id: "uuid",
  type: "text",
  title: "text",
  description: "text",
  created_at: "timestamptz",
  created_by: "text",
  position: "text",
} as const;

const DDL = `
  CREATE TABLE activities (
    id uuid PRIMARY KEY,
    lead_id uuid NOT NULL,
    type text NOT NULL,
    title text NOT NULL,
    description text,
    created_at timestamptz NOT NULL,
    created_by text NOT NULL,
    position text NOT NULL
  );
  CREATE INDEX activities_lead ON activities (lead_id, position DESC);
  CREATE TABLE activities_archived_leads (lead_id uuid PRIMARY KEY);
`;

type ActivityRow = Record<keyof typeof COLUMNS, string | null>;

function rowOf(event: RecordedEvent): ActivityRow | undefined {
  const described = describeActivity(event);
  if (!described) return undefined;
  const { leadId, ...entry } = described;
  return {
    id: event.eventId,
    lead_id: leadId,
    ...entry,
    created_at: event.metadata.at,
    created_by: event.metadata.actor,
    position: event.position,
  };
}

/**
 * The timeline: one row per event that reads as an activity, keyed by the event id. Archiving a
 * lead removes its timeline; only the "Lead archived" entry stays, so the dashboard can say who
 * archived what (decisions/006). Entries that arrive later for an archived lead (a mail reactor's
 * outcome, say) are dropped: the projection remembers archived leads in a table of its own.
 */
async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  let rows: ActivityRow[] = [];
  const archived = new Set<string>();
  for (const event of events) {
    if (event.type === "LeadArchived") {
      archived.add(event.data.leadId);
      rows = rows.filter((r) => r.lead_id !== event.data.leadId);
    }
    const row = rowOf(event);
    if (row && (event.type === "LeadArchived" || !archived.has(row.lead_id!))) rows.push(row);
  }
  const earlier = await archivedBefore(tx, rows);
  if (archived.size > 0) {
    await tx.query("DELETE FROM activities WHERE lead_id = ANY($1::uuid[])", [[...archived]]);
    await tx.query("INSERT INTO activities_archived_leads (lead_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING", [[...archived]]);
  }
  await insertRows(
    tx,
    "activities",
    COLUMNS,
    rows.filter((r) => !earlier.has(r.lead_id!)),
  );
}

/** The leads of these rows that were archived in an earlier batch. */
async function archivedBefore(tx: Queryable, rows: readonly ActivityRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const ids = [...new Set(rows.map((r) => r.lead_id!))];
  const { rows: found } = await tx.query<{ lead_id: string }>(
    "SELECT lead_id FROM activities_archived_leads WHERE lead_id = ANY($1::uuid[])",
    [ids],
  );
  return new Set(found.map((r) => r.lead_id));
}

export const activitiesProjection: Projection = {
  name: "activities",
  version: 3,
  tables: ["activities", "activities_archived_leads"],
  ddl: DDL,
  readerIndexes: "CREATE INDEX activities_recent ON activities (position DESC);",
  apply,
  topics(events) {
    const ids = new Set(events.map((e) => describeActivity(e)?.leadId).filter((id) => id !== undefined));
    return ids.size === 0 ? [] : ["activities", ...[...ids].map((id) => `activities:${id}`)];
  },
};
