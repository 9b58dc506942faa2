import { leadIdOfEvent } from "@crm/contracts/activity/describe";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { describeLeadEvent, type ActivityDescription } from "@crm/contracts/lead/describe";
import { leadIdOfStream } from "@crm/contracts/lead/stream";
import { describeMessagingEvent } from "@crm/contracts/messaging/describe";
import { isOnboardingStage } from "@crm/contracts/onboarding/steps";
import { describeQuestionnaireEvent } from "@crm/contracts/questionnaire/describe";
import {
  ONBOARDING_TABLES,
  onboardingActivities,
  onboardingLeadStages,
  type OnboardingActivityRow,
  type OnboardingLeadStageRow,
} from "@crm/contracts/read-models/onboarding";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import { named, type Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns } from "../sql.ts";

const STAGE_COLUMNS = sqlTypes(onboardingLeadStages);
const ACTIVITY_COLUMNS = sqlTypes(onboardingActivities);

/**
 * Kept cheap to fill as the activities timeline is (see there): positions compare byte by byte,
 * the key on id is built after a rebuild's fill, the index by lead when the first archive comes.
 */
const DDL = `
  ${createTableSql(onboardingLeadStages)}
  ${createTableSql(onboardingActivities)}
`;

const LEAD_INDEX = "CREATE INDEX IF NOT EXISTS onboarding_activities_lead ON onboarding_activities (lead_id, position DESC);";

type Entry = ActivityDescription & { leadId: string };

/** The stage an event leaves its lead in, when it sets one. */
function stageAfter(event: RecordedEvent): string | undefined {
  if (event.type === "LeadCreated") return event.data.stage;
  if (event.type === "LeadStageChanged" || event.type === "LeadMoved") return event.data.to;
  return undefined;
}

/**
 * What counts as onboarding: moves into, within or out of the onboarding stages, director changes,
 * meetings and messages while the lead is in onboarding, and every questionnaire submission.
 */
function entryOf(event: RecordedEvent, stageBefore: string | undefined): Entry | undefined {
  const questionnaire = describeQuestionnaireEvent(event);
  if (questionnaire) return questionnaire;
  const leadId = leadIdOfStream(event.streamId);
  const inOnboarding = stageBefore !== undefined && isOnboardingStage(stageBefore);
  if (leadId) {
    const stageMove = event.type === "LeadStageChanged" && (isOnboardingStage(event.data.to) || isOnboardingStage(event.data.from));
    const director = (event.type === "CreativeDirectorAssigned" || event.type === "CreativeDirectorUnassigned") && inOnboarding;
    const described = stageMove || director ? describeLeadEvent(event) : undefined;
    return described && { ...described, leadId };
  }
  return inOnboarding ? describeMessagingEvent(event) : undefined;
}

/** The events of a lead's own stream that set its stage or that entryOf may list; detail edits, most of them, are not. */
const LEAD_EVENTS_OF_INTEREST: ReadonlySet<RecordedEvent["type"]> = new Set([
  "LeadCreated",
  "LeadStageChanged",
  "LeadMoved",
  "LeadArchived",
  "CreativeDirectorAssigned",
  "CreativeDirectorUnassigned",
]);

/** The lead of an event that can matter here; undefined for the others, which the batch passes over. */
function leadOf(event: RecordedEvent): string | undefined {
  const own = leadIdOfStream(event.streamId);
  if (own) return LEAD_EVENTS_OF_INTEREST.has(event.type) ? own : undefined;
  return leadIdOfEvent(event);
}

async function loadStages(tx: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<OnboardingLeadStageRow>(
    named(`SELECT lead_id, stage FROM ${onboardingLeadStages} WHERE lead_id = ANY($1::uuid[])`),
    [ids],
  );
  return new Map(rows.map((r) => [r.lead_id, r.stage]));
}

/**
 * The leads whose stage before this batch can decide an entry: those with an event other than one
 * that sets the stage or archives the lead, before any such event. A batch of creations and stage
 * changes (most live batches) needs no lookup.
 */
function leadsNeedingStage(events: readonly RecordedEvent[], leadIds: readonly (string | undefined)[]): string[] {
  const settled = new Set<string>();
  const needed = new Set<string>();
  for (let i = 0; i < events.length; i++) {
    const leadId = leadIds[i];
    if (!leadId || settled.has(leadId)) continue;
    settled.add(leadId);
    const event = events[i]!;
    if (stageAfter(event) === undefined && event.type !== "LeadArchived") needed.add(leadId);
  }
  return [...needed];
}

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const leadIds = events.map(leadOf);
  const stages = await loadStages(tx, leadsNeedingStage(events, leadIds));
  const changed = new Set<string>();
  const archived = new Set<string>();
  let rows: OnboardingActivityRow[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const leadId = leadIds[i];
    if (!leadId) continue;
    if (event.type === "LeadArchived") {
      archived.add(leadId);
      stages.delete(leadId);
      rows = rows.filter((r) => r.lead_id !== leadId);
      continue;
    }
    const entry = entryOf(event, stages.get(leadId));
    if (entry)
      rows.push({
        id: event.eventId,
        lead_id: entry.leadId,
        type: entry.type,
        title: entry.title,
        description: entry.description,
        at: entry.at ?? null,
        follow_up_on: entry.followUpOn ?? null,
        created_at: event.metadata.at,
        created_by: event.metadata.actor,
        position: event.position,
      });
    const stage = stageAfter(event);
    if (stage !== undefined) {
      stages.set(leadId, stage);
      changed.add(leadId);
    }
  }
  if (archived.size > 0) {
    await tx.exec(LEAD_INDEX);
    await tx.query(`DELETE FROM ${onboardingActivities} WHERE lead_id = ANY($1::uuid[])`, [[...archived]]);
    await tx.query(`DELETE FROM ${onboardingLeadStages} WHERE lead_id = ANY($1::uuid[])`, [[...archived]]);
  }
  const stageRows = [...changed].filter((id) => stages.has(id)).map((id) => ({ lead_id: id, stage: stages.get(id) }));
  await insertColumns(
    tx,
    onboardingLeadStages.name,
    STAGE_COLUMNS,
    stageRows,
    "ON CONFLICT (lead_id) DO UPDATE SET stage = EXCLUDED.stage",
  );
  await insertColumns(tx, onboardingActivities.name, ACTIVITY_COLUMNS, rows);
}

export const onboardingProjection: Projection = {
  name: "onboarding",
  // 3: a meeting's instant in its own column (at), as the lead's timeline keeps it.
  version: 3,
  tables: ONBOARDING_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: `
    ${LEAD_INDEX}
    ALTER TABLE onboarding_activities ADD PRIMARY KEY (id);
    CREATE INDEX onboarding_activities_recent ON onboarding_activities (position DESC);
  `,
  apply,
  topics(events) {
    const touched = events.some((e) => leadIdOfEvent(e) !== undefined);
    return touched ? ["onboarding"] : [];
  },
};
