import { z } from "zod";
import { QuestionnaireAnswersSchema } from "./questionnaire.ts";

/** A client submitted the questionnaire for a lead; version counts the lead's submissions. */
export const QuestionnaireSubmitted = z.object({
  responseId: z.uuid(),
  leadId: z.uuid(),
  version: z.number().int().positive(),
  answers: QuestionnaireAnswersSchema,
});

export const questionnaireEvents = { QuestionnaireSubmitted } as const;
