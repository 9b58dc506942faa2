import type { LeadStageName } from "../lead/stages.ts";
import { timelineColumns } from "./activities.ts";
import { table, text, uuid, type RowOf } from "./table.ts";

/** Each lead's stage, so an event can be judged by the stage its lead had when it happened. */
export const onboardingLeadStages = table("onboarding_lead_stages", {
  lead_id: uuid().primaryKey(),
  stage: text().as<LeadStageName>(),
});

/** The onboarding entries of the timeline, shaped as the activities are (and kept as cheap to fill). */
export const onboardingActivities = table("onboarding_activities", timelineColumns);

export type OnboardingLeadStageRow = RowOf<typeof onboardingLeadStages>;
export type OnboardingActivityRow = RowOf<typeof onboardingActivities>;

/** The tables of the onboarding read model. */
export const ONBOARDING_TABLES = [onboardingLeadStages, onboardingActivities] as const;
