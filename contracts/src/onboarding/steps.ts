// The onboarding stepper (docs/product.md, "Onboarding"), without zod so the UI's route chunks can import it.
import type { LeadStage } from "../lead/lead.ts";

/** Contract Signed through Active, in order (the same slice as ONBOARDING_STAGES in lead.ts). */
export const ONBOARDING_STAGE_ORDER = [
  "Contract Signed",
  "Onboarding Form Sent",
  "Onboarding Scheduled",
  "Creative Director Assigned",
  "Active",
] as const satisfies readonly LeadStage[];

export type OnboardingStage = (typeof ONBOARDING_STAGE_ORDER)[number];

export interface OnboardingStep {
  label: string;
  /** The lead stage that this step stands for. */
  stage: OnboardingStage;
}

/** The four steps and the stage each one matches. */
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  { label: "Form Sent", stage: "Onboarding Form Sent" },
  { label: "Meeting Scheduled", stage: "Onboarding Scheduled" },
  { label: "Director Assigned", stage: "Creative Director Assigned" },
  { label: "Active Client", stage: "Active" },
];

export type StepStatus = "completed" | "current" | "pending";

/** True for the stages Contract Signed through Active. */
export function isOnboardingStage(stage: string): stage is OnboardingStage {
  return (ONBOARDING_STAGE_ORDER as readonly string[]).includes(stage);
}

/**
 * A step is completed when the lead's stage is later than the step's stage, current when equal,
 * pending when earlier (docs/product.md, "Onboarding"). Stages before Contract Signed leave every step pending.
 */
export function stepStatus(leadStage: string, step: OnboardingStage): StepStatus {
  const at = (ONBOARDING_STAGE_ORDER as readonly string[]).indexOf(leadStage);
  const target = ONBOARDING_STAGE_ORDER.indexOf(step);
  if (at > target) return "completed";
  return at === target ? "current" : "pending";
}

/** True when moving from `stage` to `target` goes forward through onboarding. */
export function isBefore(stage: string, target: OnboardingStage): boolean {
  return (ONBOARDING_STAGE_ORDER as readonly string[]).indexOf(stage) < ONBOARDING_STAGE_ORDER.indexOf(target);
}
