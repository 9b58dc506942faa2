import type { RecordedEvent } from "@crm/contracts/events/registry";
import { REDACTED, redactValue } from "@crm/contracts/erasure/redact";
import { LeadDetails, LeadLost } from "@crm/contracts/lead/events";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import type { ActivityKind } from "@crm/contracts/reports/reports";
import {
  REPORTS_TABLES,
  reportActivities,
  reportLeads,
  reportLeadStates,
  reportStageVisits,
  type ReportActivityRow,
  type ReportLeadRow,
  type ReportLeadStateRow,
  type ReportStageVisitRow,
} from "@crm/contracts/read-models/reports";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns } from "../sql.ts";

const LEAD_COLUMNS = sqlTypes(reportLeads);
const VISIT_COLUMNS = sqlTypes(reportStageVisits);
const STATE_COLUMNS = sqlTypes(reportLeadStates);
const ACTIVITY_COLUMNS = sqlTypes(reportActivities);
const LEAD_UPDATES = Object.keys(LEAD_COLUMNS)
  .filter((name) => name !== "lead_id")
  .map((name) => `${name} = EXCLUDED.${name}`)
  .join(", ");

/** What a card shows and where it stands: a state row's columns but its lead, version and span. */
const CARD_FIELDS = (Object.keys(STATE_COLUMNS) as (keyof ReportLeadStateRow)[]).filter(
  (k) => k !== "lead_id" && k !== "version" && k !== "valid_from" && k !== "valid_to",
);

/**
 * The tables. A batch reads only report_leads, by its key: each lead's row says where its open stay
 * and its current card state are (see contracts/src/read-models/reports.ts), so the handler needs
 * no index of its own on the others.
 */
const DDL = `
  ${createTableSql(reportLeads)}
  ${createTableSql(reportStageVisits)}
  ${createTableSql(reportLeadStates)}
  ${createTableSql(reportActivities)}
`;

/**
 * What the reports' queries look things up by (read-api/src/reports): stays by when they began or
 * ended, a lead's card states by when they began (the past board descends to the state a changed lead
 * had at an instant: decisions/062), work by when it was done, leads by outcome and by last activity.
 */
const READER_INDEXES = `
  CREATE INDEX report_visits_entered ON report_stage_visits (entered_at, stage);
  CREATE INDEX report_visits_lead_entered ON report_stage_visits (lead_id, entered_at) INCLUDE (stage);
  CREATE INDEX report_visits_left ON report_stage_visits (left_at, stage) WHERE left_at IS NOT NULL;
  CREATE INDEX report_states_at ON report_lead_states (lead_id, valid_from, version);
  CREATE INDEX report_activities_at ON report_activities (at);
  CREATE INDEX report_leads_won ON report_leads (won_at) WHERE won_at IS NOT NULL;
  CREATE INDEX report_leads_lost ON report_leads (lost_at) WHERE lost_at IS NOT NULL;
  CREATE INDEX report_leads_idle ON report_leads (stage, last_touch_at) WHERE status = 'open';
`;

/** Actors that are not a colleague: their mails and texts (confirmations, the reactors' own) are nobody's work. */
const NOT_A_PERSON = new Set(["system", "public"]);

/** The lead an event concerns: its own stream's, or the one it names (meetings, messages, replies). */
function leadOf(event: RecordedEvent): string | undefined {
  const own = leadIdOfStream(event.streamId);
  if (own) return own;
  switch (event.type) {
    case "MeetingScheduled":
    case "EmailRequested":
    case "SmsRequested":
    case "InboundEmailAssigned":
      return event.data.leadId;
    case "InboundEmailReceived":
      return event.data.leadId ?? undefined;
    default:
      return undefined;
  }
}

/** The piece of work an event records, if it is one a person did. */
function workOf(event: RecordedEvent): ActivityKind | undefined {
  if (NOT_A_PERSON.has(event.metadata.actor)) return undefined;
  switch (event.type) {
    case "LeadActivityLogged":
      return event.data.activityType === "call" ? "call" : undefined;
    case "MeetingScheduled":
      return "meeting";
    case "EmailRequested":
      return "email";
    case "SmsRequested":
      return "sms";
    default:
      return undefined;
  }
}

/** The events that count as activity on a lead for the stale flag (docs/product.md, "Stale leads"). */
const TOUCHES = new Set<string>([
  "LeadCreated",
  "LeadStageChanged",
  "LeadActivityLogged",
  "LeadReopened",
  "LeadRestored",
  "MeetingScheduled",
  "EmailRequested",
  "SmsRequested",
  "InboundEmailReceived",
  "InboundEmailAssigned",
]);

/** The personal values these tables keep, as an erasure redacts them (the log's rule: every free text goes). */
const PERSONAL = LeadDetails.pick({ name: true, business: true, source: true });
type Personal = { name: string; business: string; source: string | null };
const LOSS = LeadLost.pick({ reason: true });

/** One lead as a batch holds it: its row, its stay in a stage (while open) and its card's current state. */
interface LeadFacts {
  lead: ReportLeadRow;
  visit: ReportStageVisitRow | undefined;
  state: ReportLeadStateRow;
}

/** What a batch writes: rows by key, the last version of each. */
class Writes {
  readonly leads = new Map<string, ReportLeadRow>();
  readonly visits = new Map<string, ReportStageVisitRow>();
  readonly states = new Map<string, ReportLeadStateRow>();
  readonly activities: ReportActivityRow[] = [];
  readonly erased: ({ leadId: string } & Personal)[] = [];

  visit(row: ReportStageVisitRow) {
    this.visits.set(`${row.lead_id}/${row.visit}`, row);
  }

  state(row: ReportLeadStateRow) {
    this.states.set(`${row.lead_id}/${row.version}`, row);
  }
}

/** An instant as the tables read back (ISO 8601 in UTC, milliseconds): these compare as strings. */
const utc = (at: string): string => new Date(at).toISOString();

/** The instant an event counts at for a lead: its own, never before the lead's previous one (so every span has a length ≥ 0). */
function instant(facts: LeadFacts, at: string): string {
  const own = utc(at);
  return own < facts.state.valid_from ? facts.state.valid_from : own;
}

function enterStage(facts: LeadFacts, writes: Writes, stage: ReportLeadRow["stage"], at: string) {
  leaveStage(facts, writes, at);
  facts.lead.visit += 1;
  facts.visit = { lead_id: facts.lead.lead_id, visit: facts.lead.visit, stage, entered_at: at, left_at: null };
  writes.visit(facts.visit);
  facts.lead.stage = stage;
  facts.lead.stage_entered_at = at;
}

function leaveStage(facts: LeadFacts, writes: Writes, at: string) {
  if (!facts.visit) return;
  facts.visit = { ...facts.visit, left_at: at };
  writes.visit(facts.visit);
  facts.visit = undefined;
}

/** The lead's current card state, as its row says (the row holds the state's values, its version and start). */
function stateOf(lead: ReportLeadRow): ReportLeadStateRow {
  return {
    lead_id: lead.lead_id,
    version: lead.state_version,
    valid_from: lead.state_from,
    valid_to: null,
    stage: lead.stage,
    status: lead.status,
    name: lead.name,
    business: lead.business,
    value_minor: lead.value_minor,
    probability: lead.probability,
    owner: lead.owner,
    priority: lead.priority,
    source: lead.source,
    stage_entered_at: lead.stage_entered_at,
  };
}

/** The card's state after the event: a new state row from `at`, the previous one ending there (when anything it shows changed). */
function nextState(facts: LeadFacts, writes: Writes, version: number, at: string) {
  const { lead, state } = facts;
  if (CARD_FIELDS.every((field) => lead[field] === state[field])) return;
  writes.state({ ...state, valid_to: at });
  lead.state_version = version;
  lead.state_from = at;
  facts.state = stateOf(lead);
  writes.state(facts.state);
}

function created(event: RecordedEvent & { type: "LeadCreated" }, writes: Writes): LeadFacts {
  const d = event.data;
  const at = utc(event.metadata.at);
  const lead: ReportLeadRow = {
    lead_id: d.leadId,
    name: d.name,
    business: d.business,
    stage: d.stage,
    status: "open",
    owner: event.metadata.actor,
    source: d.source,
    priority: d.priority,
    value_minor: null,
    expected_close_on: null,
    probability: null,
    created_at: at,
    won_at: null,
    lost_at: null,
    lost_reason: null,
    stage_entered_at: at,
    last_touch_at: at,
    visit: 1,
    state_version: event.streamVersion,
    state_from: at,
  };
  const facts: LeadFacts = { lead, visit: { lead_id: d.leadId, visit: 1, stage: d.stage, entered_at: at, left_at: null }, state: stateOf(lead) };
  writes.visit(facts.visit!);
  writes.state(facts.state);
  return facts;
}

/** The lead's facts after one of its own events (the lead row is changed in place: the batch owns it). */
function applyLeadEvent(facts: LeadFacts, event: RecordedEvent, at: string, writes: Writes) {
  const { lead } = facts;
  switch (event.type) {
    case "LeadDetailsChanged": {
      const { name, business, source, priority } = event.data.changes;
      if (name !== undefined) lead.name = name;
      if (business !== undefined) lead.business = business;
      if (source !== undefined) lead.source = source;
      if (priority !== undefined) lead.priority = priority;
      break;
    }
    case "LeadStageChanged":
    case "LeadMoved":
      // A reorder within the column is no stay of its own; logs before LeadStageChanged v2 follow a drop with one.
      if (lead.status === "open" && event.data.to !== lead.stage) enterStage(facts, writes, event.data.to, at);
      break;
    case "LeadOwnerChanged":
      lead.owner = event.data.to;
      break;
    case "LeadDealChanged": {
      const { valueMinor, expectedCloseOn, probability } = event.data.changes;
      if (valueMinor !== undefined) lead.value_minor = valueMinor;
      if (expectedCloseOn !== undefined) lead.expected_close_on = expectedCloseOn;
      if (probability !== undefined) lead.probability = probability;
      break;
    }
    case "LeadWon":
      lead.won_at ??= at;
      break;
    case "LeadLost":
      leaveStage(facts, writes, at);
      lead.status = "lost";
      lead.stage = event.data.stage;
      lead.lost_at = at;
      lead.lost_reason = event.data.reason;
      break;
    case "LeadReopened":
      lead.status = "open";
      lead.lost_at = null;
      lead.lost_reason = null;
      enterStage(facts, writes, event.data.stage, at);
      break;
    case "LeadArchived":
      leaveStage(facts, writes, at);
      lead.status = "archived";
      break;
    case "LeadRestored":
      if (lead.status !== "archived") break;
      if (lead.lost_at !== null) lead.status = "lost";
      else {
        lead.status = "open";
        enterStage(facts, writes, lead.stage, at);
      }
      break;
    case "LeadErased": {
      // The log is redacted and every read model rebuilt from it (decisions/020); until the swap, keep no
      // personal value here either, and write what that rebuild will write (flush merges the card states).
      const redacted = redactValue({ name: lead.name, business: lead.business, source: lead.source }, PERSONAL) as Personal;
      Object.assign(lead, redacted);
      if (lead.lost_reason !== null) lead.lost_reason = (redactValue({ reason: lead.lost_reason }, LOSS) as { reason: string }).reason;
      facts.state = { ...facts.state, ...redacted };
      writes.erased.push({ leadId: lead.lead_id, ...redacted });
      return;
    }
    default:
      return;
  }
  nextState(facts, writes, event.streamVersion, at);
}

/** Each lead's row, and from it its open stay and current card state (see LeadFacts). */
async function load(tx: Queryable, ids: readonly string[]): Promise<Map<string, LeadFacts>> {
  const { rows } = await tx.query<ReportLeadRow>(
    `SELECT ${Object.keys(LEAD_COLUMNS).join(", ")} FROM ${reportLeads} WHERE lead_id = ANY($1::uuid[])`,
    [ids],
  );
  const out = new Map<string, LeadFacts>();
  for (const lead of rows) {
    if (lead.value_minor !== null) lead.value_minor = Number(lead.value_minor); // int8 reads as text
    const visit: ReportStageVisitRow | undefined =
      lead.status === "open" ? { lead_id: lead.lead_id, visit: lead.visit, stage: lead.stage, entered_at: lead.stage_entered_at, left_at: null } : undefined;
    out.set(lead.lead_id, { lead, visit, state: stateOf(lead) });
  }
  return out;
}

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  // Leads created in this batch need no load: a rebuild's batches are mostly these.
  const ids = new Set<string>();
  const fresh = new Set<string>();
  for (const event of events) {
    const id = leadOf(event);
    if (!id) continue;
    if (event.type === "LeadCreated") fresh.add(id);
    else if (!fresh.has(id)) ids.add(id);
  }
  if (ids.size === 0 && fresh.size === 0) return;
  const byLead = ids.size > 0 ? await load(tx, [...ids]) : new Map<string, LeadFacts>();
  const writes = new Writes();
  for (const event of events) {
    const id = leadOf(event);
    if (!id) continue;
    if (event.type === "LeadCreated") {
      if (!byLead.has(id)) byLead.set(id, created(event, writes));
      writes.leads.set(id, byLead.get(id)!.lead);
      continue;
    }
    const facts = byLead.get(id);
    if (!facts) continue;
    const at = instant(facts, event.metadata.at);
    const own = leadIdOfStream(event.streamId) === id;
    if (own) applyLeadEvent(facts, event, at, writes);
    if (TOUCHES.has(event.type) && at > facts.lead.last_touch_at) facts.lead.last_touch_at = at;
    const kind = workOf(event);
    if (kind) writes.activities.push({ position: event.position, actor: event.metadata.actor, kind, at: utc(event.metadata.at), lead_id: id });
    writes.leads.set(id, facts.lead);
  }
  await flush(tx, writes);
}

async function flush(tx: Queryable, writes: Writes) {
  await insertColumns(tx, reportLeads.name, LEAD_COLUMNS, [...writes.leads.values()], `ON CONFLICT (lead_id) DO UPDATE SET ${LEAD_UPDATES}`);
  await insertColumns(
    tx,
    reportStageVisits.name,
    VISIT_COLUMNS,
    [...writes.visits.values()],
    "ON CONFLICT (lead_id, visit) DO UPDATE SET left_at = EXCLUDED.left_at",
  );
  await insertColumns(
    tx,
    reportLeadStates.name,
    STATE_COLUMNS,
    [...writes.states.values()],
    "ON CONFLICT (lead_id, version) DO UPDATE SET valid_to = EXCLUDED.valid_to",
  );
  await insertColumns(tx, reportActivities.name, ACTIVITY_COLUMNS, writes.activities, "ON CONFLICT DO NOTHING");
  for (const { leadId, name, business, source } of writes.erased) {
    await tx.query(
      `UPDATE ${reportLeadStates} SET name = $2, business = $3, source = CASE WHEN source IS NULL THEN NULL ELSE $4 END WHERE lead_id = $1`,
      [leadId, name, business, source ?? REDACTED],
    );
    await tx.query(MERGE_SAME_STATES, [leadId]);
    await tx.query(CURRENT_STATE_AFTER_MERGE, [leadId]);
  }
}

/**
 * After an erasure, a lead's card states that differed only in a personal value are alike: each run of
 * alike states becomes its first, lasting until the run's last one ended, as a rebuild from the
 * redacted log writes them (nextState starts no state for a change it cannot see).
 */
const CARD = CARD_FIELDS.join(", ");
const MERGE_SAME_STATES = `
  WITH ordered AS (
    SELECT version, valid_to, ROW(${CARD}) IS DISTINCT FROM lag(ROW(${CARD})) OVER (ORDER BY version) AS starts
    FROM ${reportLeadStates} WHERE lead_id = $1
  ), runs AS (
    SELECT version, valid_to, sum(starts::int) OVER (ORDER BY version) AS run FROM ordered
  ), spans AS (
    SELECT run, min(version) AS first, (array_agg(valid_to ORDER BY version DESC))[1] AS until FROM runs GROUP BY run
  ), dropped AS (
    DELETE FROM ${reportLeadStates} s USING runs r, spans p
    WHERE s.lead_id = $1 AND s.version = r.version AND r.run = p.run AND r.version <> p.first
  )
  UPDATE ${reportLeadStates} s SET valid_to = p.until FROM spans p WHERE s.lead_id = $1 AND s.version = p.first`;

/** The lead's row names its current card state (stateOf): after a merge, the first of the last run. */
const CURRENT_STATE_AFTER_MERGE = `
  UPDATE ${reportLeads} l SET state_version = s.version, state_from = s.valid_from
  FROM ${reportLeadStates} s WHERE l.lead_id = $1 AND s.lead_id = $1 AND s.valid_to IS NULL`;

export const reportsProjection: Projection = {
  name: "reports",
  version: 1,
  tables: REPORTS_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: READER_INDEXES,
  apply,
  topics: (events) => (events.some((e) => leadOf(e) !== undefined) ? ["reports"] : []),
};
