import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { describeMessagingEvent } from "@crm/contracts/messaging/describe";
import { describeQuestionnaireEvent } from "@crm/contracts/questionnaire/describe";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
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
  CREATE INDEX activities_recent ON activities (position DESC);
`;

const leadIdOf = (event: RecordedEvent) => leadIdOfStream(event.streamId);

type ActivityRow = Record<keyof typeof COLUMNS, string | null>;

function rowOf(event: RecordedEvent): ActivityRow | undefined {
  const own = leadIdOf(event);
  const outside = own ? undefined : (describeMessagingEvent(event) ?? describeQuestionnaireEvent(event)); // meetings, messages and questionnaires name their lead
  const described = outside ?? (own ? describeLeadEvent(event) : undefined);
  const leadId = outside?.leadId ?? own;
  if (!leadId || !described) return undefined;
  return { id: event.eventId, lead_id: leadId, ...described, created_at: event.metadata.at, created_by: event.metadata.actor, position: event.position };
}

/**
 * The timeline: one row per event that reads as an activity, keyed by the event id. Archiving a
 * lead removes its timeline; only the "Lead archived" entry stays, so the dashboard can say who
 * archived what (decisions/006).
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
    if (row) rows.push(row);
  }
  if (archived.size > 0) await tx.query("DELETE FROM activities WHERE lead_id = ANY($1::uuid[])", [[...archived]]);
  await insertRows(tx, "activities", COLUMNS, rows);
}

export const activitiesProjection: Projection = {
  name: "activities",
  version: 2,
  tables: ["activities"],
  ddl: DDL,
  apply,
  topics(events) {
    const ids = new Set(events.map(leadIdOf).filter((id) => id !== undefined));
    return ids.size === 0 ? [] : ["activities", ...[...ids].map((id) => `activities:${id}`)];
  },
};
