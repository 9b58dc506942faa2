import { ConflictError } from "@crm/contracts/api/errors";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { isBefore, isOnboardingStage, type OnboardingStage } from "@crm/contracts/onboarding/steps";
import type { RecordStepBody } from "@crm/contracts/onboarding/onboarding";
import { leadDecider, openLead, type LeadEvent, type LeadState } from "../lead/lead.decider.ts";
import { type Decider, decideBy } from "../core/decider.ts";

/**
 * Onboarding commands act on the lead's own stream: they decide which lead changes to make and let
 * the lead decider produce the events, so the lead's rules (and its timeline) stay in one place.
 */
export type OnboardingCommand =
  | { type: "AssignDirector"; leadId: string; creativeDirectorId: string }
  | { type: "RecordOnboardingStep"; leadId: string; step: RecordStepBody["step"] };

const STEP_STAGES: Record<RecordStepBody["step"], OnboardingStage> = {
  "form-sent": "Onboarding Form Sent",
  "meeting-scheduled": "Onboarding Scheduled",
};

type OpenLead = Extract<LeadState, { status: "open" }>;

function openOnboardingLead(current: LeadState): OpenLead {
  const state = openLead(current);
  if (!isOnboardingStage(state.stage)) {
    throw new ConflictError(`This lead is not in onboarding (stage ${state.stage}); move it to "Contract Signed" first.`);
  }
  return state;
}

/** Assigns the director and moves the lead to "Creative Director Assigned" unless it is already there or later. */
function assignDirector(command: Extract<OnboardingCommand, { type: "AssignDirector" }>, state: LeadState): LeadEvent[] {
  const lead = openOnboardingLead(state);
  const target: LeadStage = "Creative Director Assigned";
  const stage = isBefore(lead.stage, target) ? { stage: target } : {};
  return leadDecider.decide(
    { type: "UpdateLead", leadId: command.leadId, changes: { creativeDirectorId: command.creativeDirectorId, ...stage } },
    lead,
  );
}

/** Moves the lead forward to the step's stage; a step already passed changes nothing. */
function recordStep(command: Extract<OnboardingCommand, { type: "RecordOnboardingStep" }>, state: LeadState): LeadEvent[] {
  const lead = openOnboardingLead(state);
  const target = STEP_STAGES[command.step];
  if (!isBefore(lead.stage, target)) return [];
  return leadDecider.decide({ type: "UpdateLead", leadId: command.leadId, changes: { stage: target } }, lead);
}

export const decide = decideBy<OnboardingCommand, LeadState, LeadEvent>({
  AssignDirector: assignDirector,
  RecordOnboardingStep: recordStep,
});

export const onboardingDecider: Decider<OnboardingCommand, LeadState, LeadEvent> = {
  initialState: leadDecider.initialState,
  eventTypes: leadDecider.eventTypes,
  evolve: leadDecider.evolve,
  decide,
};
