// zod/mini, because the browser imports this module (the Log activity dialog reuses the body's rules and messages).
import { z } from "zod/mini";
import { emptyToNull, preprocess } from "../api/preprocess.ts";
import { LOGGED_ACTIVITY_TYPES } from "./activity.ts";

/** docs/product.md, "Limits and constants": a logged activity's summary and details. */
export const ACTIVITY_SUMMARY_MAX = 200;
export const ACTIVITY_DETAILS_MAX = 10_000;

/** Body of POST /api/leads/{id}/activities: a call, note, proposal or contract logged by hand. */
export const LogActivityBody = z.strictObject({
  type: z.enum(LOGGED_ACTIVITY_TYPES, { error: `Type is one of: ${LOGGED_ACTIVITY_TYPES.join(", ")}` }),
  summary: z
    .string({ error: "Summary is required" })
    .check(
      z.trim(),
      z.minLength(1, "Summary is required"),
      z.maxLength(ACTIVITY_SUMMARY_MAX, `At most ${ACTIVITY_SUMMARY_MAX} characters`),
    ),
  details: z.optional(
    preprocess(
      emptyToNull,
      z.nullable(z.string().check(z.trim(), z.maxLength(ACTIVITY_DETAILS_MAX, `At most ${ACTIVITY_DETAILS_MAX} characters`))),
    ),
  ),
  /** A day in the zone of who logs it (the dialog offers dates from their today on). */
  followUpOn: z.optional(preprocess(emptyToNull, z.nullable(z.iso.date("Use a date as YYYY-MM-DD")))),
});
export type LogActivityBody = z.infer<typeof LogActivityBody>;
