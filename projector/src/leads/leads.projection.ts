import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { upsertRows, type Columns } from "../sql.ts";

/** One row per lead: what the board, the lead page, search and stats read. */
const COLUMNS = {
  id: "uuid",
  name: "text",
  business: "text",
  email: "text",
  phone: "text",
  stage: "text",
  source: "text",
  priority: "text",
  proposal_link: "text",
  contract_status: "text",
  notes: "text",
  last_activity: "text",
  created_at: "timestamptz",
  updated_at: "timestamptz",
  created_by: "text",
  assigned_to: "text",
  creative_director_id: "uuid",
  version: "integer",
} as const satisfies Columns;

type LeadRow = { -readonly [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K] extends "integer" ? number : string | null };

const DDL = `
  CREATE TABLE leads (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    business text NOT NULL,
    email text NOT NULL,
    phone text,
    stage text NOT NULL,
    source text,
    priority text NOT NULL,
    proposal_link text,
    contract_status text,
    notes text,
    last_activity text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    created_by text NOT NULL,
    assigned_to text,
    creative_director_id uuid,
    version integer NOT NULL,
    search text GENERATED ALWAYS AS (lower(name || ' ' || business || ' ' || email)) STORED
  );
  CREATE INDEX leads_stage ON leads (stage, created_at DESC);
  CREATE INDEX leads_director ON leads (creative_director_id) WHERE creative_director_id IS NOT NULL;
`;

const DETAIL_COLUMNS = {
  name: "name",
  business: "business",
  email: "email",
  phone: "phone",
  source: "source",
  priority: "priority",
  notes: "notes",
  proposalLink: "proposal_link",
  contractStatus: "contract_status",
} as const;

function applyEvent(row: LeadRow | undefined, event: RecordedEvent): LeadRow | undefined {
  const at = event.metadata.at;
  if (event.type === "LeadCreated") {
    const d = event.data;
    return {
      id: d.leadId, name: d.name, business: d.business, email: d.email, phone: d.phone, stage: d.stage, source: d.source,
      priority: d.priority, proposal_link: d.proposalLink, contract_status: d.contractStatus, notes: d.notes,
      last_activity: null, created_at: at, updated_at: at, created_by: event.metadata.actor, assigned_to: null,
      creative_director_id: null, version: event.streamVersion,
    };
  }
  if (!row) return undefined;
  const next: LeadRow = { ...row, updated_at: at, version: event.streamVersion };
  switch (event.type) {
    case "LeadDetailsChanged":
      for (const [field, value] of Object.entries(event.data.changes)) next[DETAIL_COLUMNS[field as keyof typeof DETAIL_COLUMNS]] = value as string | null;
      return next;
    case "LeadStageChanged":
      return { ...next, stage: event.data.to };
    case "CreativeDirectorAssigned":
      return { ...next, creative_director_id: event.data.creativeDirectorId };
    case "CreativeDirectorUnassigned":
      return { ...next, creative_director_id: null };
    default:
      return row;
  }
}

const leadIdOf = (event: RecordedEvent) => leadIdOfStream(event.streamId);

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const ids = [...new Set(events.map(leadIdOf).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return;
  const { rows } = await tx.query<LeadRow>(`SELECT ${Object.keys(COLUMNS).join(", ")} FROM leads WHERE id = ANY($1::uuid[])`, [ids]);
  const leads = new Map(rows.map((r) => [r.id!, r]));
  const touched = new Set<string>();
  for (const event of events) {
    const id = leadIdOf(event);
    if (!id) continue;
    const next = applyEvent(leads.get(id), event);
    if (!next) continue;
    const title = describeLeadEvent(event)?.title;
    leads.set(id, title ? { ...next, last_activity: title } : next);
    touched.add(id);
  }
  await upsertRows(tx, "leads", COLUMNS, "id", [...touched].map((id) => leads.get(id)!));
}

export const leadsProjection: Projection = {
  name: "leads",
  version: 1,
  tables: ["leads"],
  ddl: DDL,
  apply,
  topics(events) {
    const ids = new Set(events.map(leadIdOf).filter((id) => id !== undefined));
    return ids.size === 0 ? [] : ["leads", "stats", ...[...ids].map((id) => `lead:${id}`)];
  },
};
