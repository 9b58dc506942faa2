// zod/mini, because the browser imports this module (the assign-director dialog uses the body as its form's rules).
import { z } from "zod/mini";

// The answer lives in answers.ts (zod/mini, for the browser); the server may still import it from here.
export { OnboardingActivity } from "./answers.ts";

/** Body of POST /api/onboarding/{leadId}/assign-director. */
export const AssignDirectorBody = z.strictObject({
  creativeDirectorId: z.uuid({ error: "Please select a creative director" }),
  expectedVersion: z.optional(z.int().check(z.nonnegative())),
});
export type AssignDirectorBody = z.infer<typeof AssignDirectorBody>;

/**
 * A step done outside the lead (the onboarding form mail, the onboarding meeting), which moves the
 * lead forward to the matching stage, never back (command-service onboarding-progress reactor).
 */
export const ONBOARDING_STEP_NAMES = ["form-sent", "meeting-scheduled"] as const;
export const RecordStepBody = z.strictObject({
  step: z.enum(ONBOARDING_STEP_NAMES, { error: "Step is form-sent or meeting-scheduled" }),
});
export type RecordStepBody = z.infer<typeof RecordStepBody>;
