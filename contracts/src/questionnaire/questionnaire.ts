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

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { QuestionnaireAccepted, QuestionnaireResponse, QuestionnaireVersion } from "./answers.ts";

const blankToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);

/**
 * A count: a non-negative integer (a digit string from a plain form is accepted too), blank, null or
 * left out. The input is declared as what it takes, so the API's document says so too.
 */
function count(field: QuestionnaireCountField) {
  const message = `${QUESTIONNAIRE_LABELS[field]} must be a whole number from 0 to ${MAX_COUNT.toLocaleString("en-US")}`;
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v) => {
      const blank = blankToNull(v);
      return typeof blank === "string" && /^\s*\d{1,11}\s*$/.test(blank) ? Number(blank) : blank;
    })
    .pipe(z.number({ error: message }).int(message).min(0, message).max(MAX_COUNT, message).nullable());
}

/** Free text, trimmed, bounded; blank, null or left out is "not answered". Brand words stay on one line. */
function text(field: QuestionnaireTextField) {
  const max = field === "brandWords" ? BRAND_WORDS_MAX : LONG_TEXT_MAX;
  const textMessage = `${QUESTIONNAIRE_LABELS[field]} must be text`;
  const base = z
    .string({ error: textMessage })
    .trim()
    .max(max, `${QUESTIONNAIRE_LABELS[field]} is at most ${max} characters`);
  const shaped = field === "brandWords" ? base.transform((s) => s.replace(/\s+/g, " ")) : base;
  return z.union([z.string(), z.null()], { error: textMessage }).optional().transform(blankToNull).pipe(shaped.nullable());
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
