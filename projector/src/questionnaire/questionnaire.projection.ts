import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadIdOfQuestionnaireStream } from "@crm/contracts/questionnaire/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns, type Columns } from "../sql.ts";

/** One row per submitted version; staff read the latest and can open earlier ones. */
const COLUMNS = {
  id: "uuid",
  lead_id: "uuid",
  version: "integer",
  answers: "jsonb",
  answered: "integer",
  submitted_at: "timestamptz",
  position: "text",
} as const satisfies Columns;

const DDL = `
  CREATE TABLE questionnaire_responses (
    id uuid PRIMARY KEY,
    lead_id uuid NOT NULL,
    version integer NOT NULL,
    answers jsonb NOT NULL,
    answered integer NOT NULL,
    submitted_at timestamptz NOT NULL,
    position text NOT NULL,
    UNIQUE (lead_id, version)
  );
`;

interface ResponseRow {
  id: string;
  lead_id: string;
  version: number;
  answers: Record<string, unknown>;
  answered: number;
  submitted_at: string;
  position: string;
}

function rowOf(event: RecordedEvent & { type: "QuestionnaireSubmitted" }): ResponseRow {
  const { responseId, leadId, version, answers } = event.data;
  const answered = Object.values(answers).filter((v) => v !== null).length;
  return { id: responseId, lead_id: leadId, version, answers, answered, submitted_at: event.metadata.at, position: event.position };
}

/** Submissions become rows; archiving a lead removes its answers (they go with the lead: docs/product.md, "Leads and the pipeline", Archive). */
async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  let rows: ResponseRow[] = [];
  const archived = new Set<string>();
  for (const event of events) {
    if (event.type === "QuestionnaireSubmitted") rows.push(rowOf(event));
    if (event.type === "LeadArchived") {
      archived.add(event.data.leadId);
      rows = rows.filter((r) => r.lead_id !== event.data.leadId);
    }
  }
  if (archived.size > 0) await tx.query("DELETE FROM questionnaire_responses WHERE lead_id = ANY($1::uuid[])", [[...archived]]);
  await insertColumns(tx, "questionnaire_responses", COLUMNS, rows, "ON CONFLICT DO NOTHING");
}

export const questionnaireProjection: Projection = {
  name: "questionnaire",
  version: 1,
  tables: ["questionnaire_responses"],
  ddl: DDL,
  apply,
  topics(events) {
    const leads = new Set<string>();
    for (const event of events) {
      const leadId = leadIdOfQuestionnaireStream(event.streamId) ?? (event.type === "LeadArchived" ? event.data.leadId : undefined);
      if (leadId) leads.add(leadId);
    }
    if (leads.size === 0) return [];
    // A submission is also a timeline entry of its lead (the activities projection writes it).
    return ["questionnaire", "activities", "onboarding", ...[...leads].flatMap((id) => [`questionnaire:${id}`, `activities:${id}`])];
  },
};
