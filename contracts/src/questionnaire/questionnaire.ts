import { z } from "zod";
import {
  BRAND_WORDS_MAX,
  LONG_TEXT_MAX,
  MAX_COUNT,
  QUESTIONNAIRE_COUNT_FIELDS,
  QUESTIONNAIRE_LABELS,
  QUESTIONNAIRE_TEXT_FIELDS,
  type QuestionnaireCountField,
  type QuestionnaireTextField,
} from "./fields.ts";

const blankToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);

/** A count: a non-negative integer (a digit string from a plain form is accepted too), or blank. */
function count(field: QuestionnaireCountField) {
  const message = `${QUESTIONNAIRE_LABELS[field]} must be a whole number from 0 to ${MAX_COUNT.toLocaleString("en-US")}`;
  return z.preprocess(
    (v) => {
      const blank = blankToNull(v);
      return typeof blank === "string" && /^\s*\d{1,11}\s*$/.test(blank) ? Number(blank) : blank;
    },
    z.number({ error: message }).int(message).min(0, message).max(MAX_COUNT, message).nullable(),
  );
}

/** Free text, trimmed, bounded; blank is "not answered". Brand words stay on one line. */
function text(field: QuestionnaireTextField) {
  const max = field === "brandWords" ? BRAND_WORDS_MAX : LONG_TEXT_MAX;
  const base = z
    .string({ error: `${QUESTIONNAIRE_LABELS[field]} must be text` })
    .trim()
    .max(max, `${QUESTIONNAIRE_LABELS[field]} is at most ${max} characters`);
  const shaped = field === "brandWords" ? base.transform((s) => s.replace(/\s+/g, " ")) : base;
  return z.preprocess(blankToNull, shaped.nullable());
}

const answerShape = {
  ...(Object.fromEntries(QUESTIONNAIRE_COUNT_FIELDS.map((f) => [f, count(f)])) as {
    [K in QuestionnaireCountField]: ReturnType<typeof count>;
  }),
  ...(Object.fromEntries(QUESTIONNAIRE_TEXT_FIELDS.map((f) => [f, text(f)])) as { [K in QuestionnaireTextField]: ReturnType<typeof text> }),
};

/** Every answer, each null when not given (nothing is required: docs/product.md, "Onboarding"). */
export const QuestionnaireAnswersSchema = z.strictObject(answerShape);

/**
 * Body of the public POST /api/questionnaire: the token from the client's link plus the answers
 * (decisions/038). A token that matches no live link is refused with one message, whatever the reason.
 */
export const SubmitQuestionnaireBody = z.strictObject({
  token: z
    .string({ error: "Invalid questionnaire link. Please use the link provided in your email." })
    .min(1, "Invalid questionnaire link. Please use the link provided in your email.")
    .max(200, "Invalid questionnaire link. Please use the link provided in your email."),
  ...answerShape,
});
export type SubmitQuestionnaireBody = z.infer<typeof SubmitQuestionnaireBody>;

/**
 * One submitted version of a lead's questionnaire, as staff read it: the flat response of decision 011
 * QuestionnaireResponse (id, leadId, every answer, submittedAt) plus its version numbers.
 */
export const QuestionnaireResponse = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  /** 1 for the first submission; each later one for the same lead is the next version. */
  version: z.number().int().positive(),
  /** How many versions the lead has in all (the latest is version === versions). */
  versions: z.number().int().positive(),
  submittedAt: z.string(),
  ...answerShape,
});
export type QuestionnaireResponse = z.infer<typeof QuestionnaireResponse>;

/** One line of GET /api/questionnaire/{leadId}/versions. */
export const QuestionnaireVersion = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  submittedAt: z.string(),
  answered: z.number().int().nonnegative(),
});
export type QuestionnaireVersion = z.infer<typeof QuestionnaireVersion>;

/** What the public submit answers: the lead's new version (no lead data is revealed). */
export const QuestionnaireAccepted = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  position: z.string(),
  submittedAt: z.string(),
});
export type QuestionnaireAccepted = z.infer<typeof QuestionnaireAccepted>;
