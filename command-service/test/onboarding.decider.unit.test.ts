import { describe, it } from "vitest";
import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import type { LeadEvent } from "../src/lead/lead.decider.ts";
import { onboardingDecider, type OnboardingCommand } from "../src/onboarding/onboarding.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const OTHER_DIRECTOR = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6b";
const onboarding = expectDecision(onboardingDecider);

const created: LeadEvent = leadCreatedEvent(LEAD_ID);
const movedTo = (from: LeadStage, to: LeadStage): LeadEvent => stageChangedEvent(LEAD_ID, from, to);
const assign = (creativeDirectorId = DIRECTOR): OnboardingCommand => ({ type: "AssignDirector", leadId: LEAD_ID, creativeDirectorId });
const signed = [created, movedTo("New Lead", "Contract Signed")];

describe("onboarding decider", () => {
  it("assigns a director and moves a signed client to Creative Director Assigned", () => {
    onboarding
      .given(signed)
      .when(assign())
      .thenEvents([
        movedTo("Contract Signed", "Creative Director Assigned"),
        { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR } },
      ]);
  });

  it("never moves an Active client back when its director changes", () => {
    const active = onboarding.given([
      ...signed,
      movedTo("Contract Signed", "Active"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR } },
    ]).state;
    onboarding
      .from(active)
      .when(assign(OTHER_DIRECTOR))
      .thenEvents([{ type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: OTHER_DIRECTOR } }]);
  });

  it("decides nothing when the same director is assigned again", () => {
    const state = onboarding.given([
      ...signed,
      movedTo("Contract Signed", "Creative Director Assigned"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR } },
    ]).state;
    onboarding.from(state).when(assign()).thenEvents([]);
  });

  it("refuses a lead that is not in onboarding, and a lead that does not exist", () => {
    onboarding.given([created]).when(assign()).thenThrows(ConflictError);
    onboarding.given([]).when(assign()).thenThrows(NotFoundError);
    onboarding
      .given([...signed, { type: "LeadArchived", data: { leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", reason: null } }])
      .when(assign())
      .thenThrows(NotFoundError);
  });

  it("moves forward to the stage of a recorded step, and never back", () => {
    onboarding
      .given(signed)
      .when({ type: "RecordOnboardingStep", leadId: LEAD_ID, step: "form-sent" })
      .thenEvents([movedTo("Contract Signed", "Onboarding Form Sent")]);
    const scheduled = onboarding.given([...signed, movedTo("Contract Signed", "Onboarding Scheduled")]).state;
    onboarding.from(scheduled).when({ type: "RecordOnboardingStep", leadId: LEAD_ID, step: "form-sent" }).thenEvents([]);
    onboarding.from(scheduled).when({ type: "RecordOnboardingStep", leadId: LEAD_ID, step: "meeting-scheduled" }).thenEvents([]);
  });
});
