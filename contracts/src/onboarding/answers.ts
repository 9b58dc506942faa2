/**
 * Recent Onboarding Activities as GET /api/onboarding/activities answers them. Answers are written with
 * zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply; this module imports no zod
 * classic.
 */
import { z } from "zod/mini";
import { ACTIVITY_ENTRY } from "../activity/activity.ts";

/** One line of Recent Onboarding Activities (GET /api/onboarding/activities). */
export const OnboardingActivity = z.object({
  id: z.string(),
  leadId: z.uuid(),
  leadName: z.string(),
  business: z.string(),
  ...ACTIVITY_ENTRY,
});
export type OnboardingActivity = z.infer<typeof OnboardingActivity>;
