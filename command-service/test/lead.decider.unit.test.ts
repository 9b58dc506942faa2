import { describe, expect, it } from "vitest";
import { decide, evolve, initialState, type LeadCommand, type LeadEvent, type LeadState } from "../src/lead/lead.decider.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR_ID = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const metadata = { actor: "user-1", at: "2026-11-21T10:00:00.000Z", commandId: "c-1", correlationId: "c-1" };

/** given(events) / when(command) / then(events | error) */
const given = (events: LeadEvent[]): LeadState => events.map((e) => ({ ...e, metadata }) as Parameters<typeof evolve>[1]).reduce(evolve, initialState);
const when = (state: LeadState, command: LeadCommand) => () => decide(command, state);

const created: LeadEvent = {
  type: "LeadCreated",
  data: {
    leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", email: "ada@example.com", phone: null, source: null,
    priority: "medium", notes: null, proposalLink: null, contractStatus: null, stage: "New Lead",
  },
};

describe("lead decider", () => {
  it("creates a lead in New Lead with medium priority by default", () => {
    const events = when(given([]), { type: "CreateLead", leadId: LEAD_ID, fields: { name: "Ada", business: "Lovelace Co", email: "ada@example.com" } })();
    expect(events).toEqual([created]);
  });

  it("refuses to create the same lead twice", () => {
    expect(when(given([created]), { type: "CreateLead", leadId: LEAD_ID, fields: { name: "A", business: "B", email: "a@b.co" } })).toThrow(/already exists/);
  });

  it("records only the fields that changed, then the stage change, then the director", () => {
    const events = when(given([created]), {
      type: "UpdateLead",
      leadId: LEAD_ID,
      changes: { name: "Ada", priority: "high", stage: "Contacted", creativeDirectorId: DIRECTOR_ID },
    })();
    expect(events).toEqual([
      { type: "LeadDetailsChanged", data: { leadId: LEAD_ID, changes: { priority: "high" } } },
      { type: "LeadStageChanged", data: { leadId: LEAD_ID, from: "New Lead", to: "Contacted" } },
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } },
    ]);
  });

  it("decides nothing when nothing changes", () => {
    expect(when(given([created]), { type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "New Lead", email: "ada@example.com" } })()).toEqual([]);
  });

  it("unassigns a director when the edit clears it", () => {
    const state = given([created, { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } }]);
    expect(when(state, { type: "UpdateLead", leadId: LEAD_ID, changes: { creativeDirectorId: null } })()).toEqual([
      { type: "CreativeDirectorUnassigned", data: { leadId: LEAD_ID, previousDirectorId: DIRECTOR_ID } },
    ]);
  });

  it("answers not found for a lead that does not exist", () => {
    expect(when(given([]), { type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "Contacted" } })).toThrow(/not found/);
  });
});
