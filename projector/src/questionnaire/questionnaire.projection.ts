import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadIdOfQuestionnaireStream } from "@crm/contracts/questionnaire/stream";
import { QUESTIONNAIRE_TABLES, questionnaireResponses, type QuestionnaireResponseRow } from "@crm/contracts/read-models/questionnaire";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { insertColumns } from "../sql.ts";

const COLUMNS = sqlTypes(questionnaireResponses);

const DDL = createTableSql(questionnaireResponses);

function rowOf(event: RecordedEvent & { type: "QuestionnaireSubmitted" }): QuestionnaireResponseRow {
  const { responseId, leadId, version, answers } = event.data;
  const answered = Object.values(answers).filter((v) => v !== null).length;
  return { id: responseId, lead_id: leadId, version, answers, answered, submitted_at: event.metadata.at, position: event.position };
}

/** Submissions become rows; archiving a lead removes its answers (they go with the lead: docs/product.md, "Leads and the pipeline", Archive). */
async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  let rows: QuestionnaireResponseRow[] = [];
  const archived = new Set<string>();
  for (const event of events) {
    if (event.type === "QuestionnaireSubmitted") rows.push(rowOf(event));
    if (event.type === "LeadArchived") {
      archived.add(event.data.leadId);
      rows = rows.filter((r) => r.lead_id !== event.data.leadId);
    }
  }
  if (archived.size > 0) await tx.query(`DELETE FROM ${questionnaireResponses} WHERE lead_id = ANY($1::uuid[])`, [[...archived]]);
  await insertColumns(tx, questionnaireResponses.name, COLUMNS, rows, "ON CONFLICT DO NOTHING");
}

export const questionnaireProjection: Projection = {
  name: "questionnaire",
  version: 1,
  tables: QUESTIONNAIRE_TABLES.map((t) => t.name),
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
