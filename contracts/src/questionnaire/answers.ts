/**
 * What staff read of a lead's questionnaire, and what the public submit answers. Answers are written
 * with zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply; this module imports no
 * zod classic (the submit body, in questionnaire.ts, does). Both build their fields from fields.ts.
 */
import { z } from "zod/mini";
import {
  BRAND_WORDS_MAX,
  LONG_TEXT_MAX,
  MAX_COUNT,
  QUESTIONNAIRE_COUNT_FIELDS,
  QUESTIONNAIRE_TEXT_FIELDS,
  type QuestionnaireCountField,
  type QuestionnaireTextField,
} from "./fields.ts";

const count = () => z.nullable(z.int().check(z.minimum(0), z.maximum(MAX_COUNT)));
const text = (field: QuestionnaireTextField) =>
  z.nullable(z.string().check(z.maxLength(field === "brandWords" ? BRAND_WORDS_MAX : LONG_TEXT_MAX)));

/** Every answer as stored, each null when not given. */
const answerShape = {
  ...(Object.fromEntries(QUESTIONNAIRE_COUNT_FIELDS.map((f) => [f, count()])) as {
    [K in QuestionnaireCountField]: ReturnType<typeof count>;
  }),
  ...(Object.fromEntries(QUESTIONNAIRE_TEXT_FIELDS.map((f) => [f, text(f)])) as { [K in QuestionnaireTextField]: ReturnType<typeof text> }),
};

/**
 * One submitted version of a lead's questionnaire, as staff read it: the flat response of decision 011
 * QuestionnaireResponse (id, leadId, every answer, submittedAt) plus its version numbers.
 */
export const QuestionnaireResponse = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  /** 1 for the first submission; each later one for the same lead is the next version. */
  version: z.int().check(z.positive()),
  /** How many versions the lead has in all (the latest is version === versions). */
  versions: z.int().check(z.positive()),
  submittedAt: z.string(),
  ...answerShape,
});
export type QuestionnaireResponse = z.infer<typeof QuestionnaireResponse>;

/** One line of GET /api/questionnaire/{leadId}/versions. */
export const QuestionnaireVersion = z.object({
  id: z.uuid(),
  version: z.int().check(z.positive()),
  submittedAt: z.string(),
  answered: z.int().check(z.nonnegative()),
});
export type QuestionnaireVersion = z.infer<typeof QuestionnaireVersion>;

/** What the public submit answers: the lead's new version (no lead data is revealed). */
export const QuestionnaireAccepted = z.object({
  id: z.uuid(),
  version: z.int().check(z.positive()),
  position: z.string(),
  submittedAt: z.string(),
});
export type QuestionnaireAccepted = z.infer<typeof QuestionnaireAccepted>;
