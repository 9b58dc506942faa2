import type { QuestionnaireAnswers } from "../questionnaire/fields.ts";
import { integer, jsonb, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/** One row per submitted version of a lead's answers; staff read the latest and can open earlier ones. */
export const questionnaireResponses = table(
  "questionnaire_responses",
  {
    id: uuid().primaryKey(),
    lead_id: uuid(),
    version: integer(),
    answers: jsonb().as<QuestionnaireAnswers>(),
    /** How many answers are not null. */
    answered: integer(),
    submitted_at: timestamptz(),
    position: text(),
  },
  { unique: [["lead_id", "version"]] },
);

export type QuestionnaireResponseRow = RowOf<typeof questionnaireResponses>;

/** The tables of the questionnaire read model. */
export const QUESTIONNAIRE_TABLES = [questionnaireResponses] as const;
