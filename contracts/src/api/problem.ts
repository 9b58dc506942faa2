// Answers are zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply.
import { z } from "zod/mini";

/** RFC 9457 problem details, as every API error is answered. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof Problem>;

/** A public form's problem (the client questionnaire): also the one sentence its page shows, as `error`. */
export const PublicFormProblem = z.extend(Problem, { error: z.optional(z.string()) });
export type PublicFormProblem = z.infer<typeof PublicFormProblem>;
