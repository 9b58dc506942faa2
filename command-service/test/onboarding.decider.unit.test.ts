import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { evolve, initialState, type LeadEvent, type LeadState } from "../src/lead/lead.decider.ts";
import { decide, type OnboardingCommand } from "../src/onboarding/onboarding.decider.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const OTHER_DIRECTOR = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6b";
const metadata = { actor: "user-1", at: "2026-11-21T10:00:00.000Z", commandId: "c-1", correlationId: "c-1" };

/** given(events) / when(command) / then(events | error) */
const given = (events: LeadEvent[]): LeadState =>
  events.map((e) => ({ ...e, metadata }) as Parameters<typeof evolve>[1]).reduce(evolve, initialState);
const when = (state: LeadState, command: OnboardingCommand) => () => decide(command, state);

const created: LeadEvent = leadCreatedEvent(LEAD_ID);
const movedTo = (from: LeadStage, to: LeadStage): LeadEvent => stageChangedEvent(LEAD_ID, from, to);
const assign = (creativeDirectorId = DIRECTOR): OnboardingCommand => ({ type: "AssignDirector", leadId: LEAD_ID, creativeDirectorId });
const signed = [created, movedTo("New Lead", "Contract Signed")];

describe("onboarding decider", () => {
  it("assigns a director and moves a signed client to Creative Director Assigned", () => {
    expect(when(given(signed), assign())()).toEqual([
      movedTo("Contract Signed", "Creative Director Assigned"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR } },
    ]);
  });

  it("never moves an Active client back when its director changes", () => {
    const active = given([
      ...signed,
      movedTo("Contract Signed", "Active"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR } },
    ]);
    expect(when(active, assign(OTHER_DIRECTOR))()).toEqual([
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: OTHER_DIRECTOR } },
    ]);
  });

  it("decides nothing when the same director is assigned again", () => {
    const state = given([
      ...signed,
      movedTo("Contract Signed", "Creative Director Assigned"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR } },
    ]);
    expect(when(state, assign())()).toEqual([]);
  });

  it("refuses a lead that is not in onboarding, and a lead that does not exist", () => {
    expect(when(given([created]), assign())).toThrow(ConflictError);
    expect(when(given([]), assign())).toThrow(NotFoundError);
    expect(
      when(
        given([...signed, { type: "LeadArchived", data: { leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", reason: null } }]),
        assign(),
      ),
    ).toThrow(NotFoundError);
  });

  it("moves forward to the stage of a recorded step, and never back", () => {
    expect(when(given(signed), { type: "RecordOnboardingStep", leadId: LEAD_ID, step: "form-sent" })()).toEqual([
      movedTo("Contract Signed", "Onboarding Form Sent"),
    ]);
    const scheduled = given([...signed, movedTo("Contract Signed", "Onboarding Scheduled")]);
    expect(when(scheduled, { type: "RecordOnboardingStep", leadId: LEAD_ID, step: "form-sent" })()).toEqual([]);
    expect(when(scheduled, { type: "RecordOnboardingStep", leadId: LEAD_ID, step: "meeting-scheduled" })()).toEqual([]);
  });
});
