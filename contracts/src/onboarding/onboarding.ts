import { z } from "zod";
import { ACTIVITY_ENTRY } from "../activity/activity.ts";

/** Body of POST /api/onboarding/{leadId}/assign-director. */
export const AssignDirectorBody = z.strictObject({
  creativeDirectorId: z.uuid({ error: "Please select a creative director" }),
  expectedVersion: z.number().int().nonnegative().optional(),
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

/** One line of Recent Onboarding Activities (GET /api/onboarding/activities). */
export const OnboardingActivity = z.object({
  id: z.string(),
  leadId: z.uuid(),
  leadName: z.string(),
  business: z.string(),
  ...ACTIVITY_ENTRY,
});
export type OnboardingActivity = z.infer<typeof OnboardingActivity>;
