import { describe, expect, it } from "vitest";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { LEAD_ERASED } from "@crm/contracts/erasure/lead-erased";
import { leadDecider, type LeadCommand, type LeadEvent } from "../src/lead/lead.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR_ID = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const lead = expectDecision(leadDecider);

const created: LeadEvent = leadCreatedEvent(LEAD_ID);

describe("lead decider", () => {
  it("creates a lead in New Lead with medium priority by default", () => {
    const events = lead.given([]).when({
      type: "CreateLead",
      leadId: LEAD_ID,
      fields: { name: "Ada", business: "Lovelace Co", email: "ada@example.com" },
    }).events;
    expect(events).toEqual([created]);
  });

  it("refuses to create the same lead twice", () => {
    lead
      .given([created])
      .when({ type: "CreateLead", leadId: LEAD_ID, fields: { name: "A", business: "B", email: "a@b.co" } })
      .thenThrows(/already exists/);
  });

  it("records only the fields that changed, then the stage change, then the director", () => {
    const events = lead.given([created]).when({
      type: "UpdateLead",
      leadId: LEAD_ID,
      changes: { name: "Ada", priority: "high", stage: "Contacted", creativeDirectorId: DIRECTOR_ID },
    }).events;
    expect(events).toEqual([
      { type: "LeadDetailsChanged", data: { leadId: LEAD_ID, changes: { priority: "high" } } },
      stageChangedEvent(LEAD_ID, "New Lead", "Contacted"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } },
    ]);
  });

  it("decides nothing when nothing changes", () => {
    expect(
      lead.given([created]).when({ type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "New Lead", email: "ada@example.com" } }).events,
    ).toEqual([]);
  });

  it("unassigns a director when the edit clears it", () => {
    const state = lead.given([
      created,
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } },
    ]).state;
    lead
      .from(state)
      .when({ type: "UpdateLead", leadId: LEAD_ID, changes: { creativeDirectorId: null } })
      .thenEvents([{ type: "CreativeDirectorUnassigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } }]);
  });

  it("answers not found for a lead that does not exist", () => {
    lead
      .given([])
      .when({ type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "Contacted" } })
      .thenThrows(/not found/);
  });

  describe("moving a card", () => {
    const AFTER = "1a2b3c4d-0000-4000-8000-000000000001";
    const BEFORE = "1a2b3c4d-0000-4000-8000-000000000002";

    it("records a move within the column without a stage change", () => {
      lead
        .given([created])
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "New Lead", afterId: AFTER, beforeId: BEFORE })
        .thenEvents([{ type: "LeadMoved", data: { leadId: LEAD_ID, from: "New Lead", to: "New Lead", afterId: AFTER, beforeId: BEFORE } }]);
    });

    it("records one stage change naming the neighbours when the card lands in another column", () => {
      lead
        .given([created])
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: null, beforeId: BEFORE })
        .thenEvents([stageChangedEvent(LEAD_ID, "New Lead", "Contacted", { beforeId: BEFORE })]);
    });

    it("decides on a drop logged before LeadStageChanged v2 (a stage change, then a move) as on one logged in one event", () => {
      const oneEvent: LeadEvent[] = [created, stageChangedEvent(LEAD_ID, "New Lead", "Contacted", { beforeId: BEFORE })];
      const twoEvents: LeadEvent[] = [
        created,
        stageChangedEvent(LEAD_ID, "New Lead", "Contacted"),
        { type: "LeadMoved", data: { leadId: LEAD_ID, from: "New Lead", to: "Contacted", afterId: null, beforeId: BEFORE } },
      ];
      for (const history of [oneEvent, twoEvents]) {
        lead
          .given(history)
          .when({ type: "MoveLead", leadId: LEAD_ID, stage: "New Lead", afterId: null, beforeId: null })
          .thenEvents([stageChangedEvent(LEAD_ID, "Contacted", "New Lead")]);
      }
    });

    it("refuses a card placed next to itself, naming the field", () => {
      lead
        .given([created])
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: LEAD_ID, beforeId: null })
        .thenThrows(expect.objectContaining({ status: 400, errors: [expect.objectContaining({ field: "afterId" })] }));
    });

    it("refuses the same card on both sides", () => {
      lead
        .given([created])
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: AFTER, beforeId: AFTER })
        .thenThrows(expect.objectContaining({ errors: [{ field: "beforeId", message: "afterId and beforeId must differ" }] }));
    });

    it("answers not found for a lead that does not exist", () => {
      lead
        .given([])
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: null, beforeId: null })
        .thenThrows(/not found/);
    });
  });

  describe("archiving", () => {
    const archived: LeadEvent = {
      type: "LeadArchived",
      data: { leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", reason: "Duplicate" },
    };

    it("records the archive with the lead's name and the reason", () => {
      lead.given([created]).when({ type: "ArchiveLead", leadId: LEAD_ID, reason: "Duplicate" }).thenEvents([archived]);
    });

    it("answers every later command as if the lead were gone", () => {
      const state = lead.given([created, archived]).state;
      expect(state).toEqual({ status: "archived", id: LEAD_ID });
      lead
        .from(state)
        .when({ type: "ArchiveLead", leadId: LEAD_ID, reason: null })
        .thenThrows(/not found/);
      lead
        .from(state)
        .when({ type: "UpdateLead", leadId: LEAD_ID, changes: { name: "Eve" } })
        .thenThrows(/not found/);
      lead
        .from(state)
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Active", afterId: null, beforeId: null })
        .thenThrows(/not found/);
    });

    it("refuses to create a lead again over an archived one", () => {
      lead
        .given([created, archived])
        .when({ type: "CreateLead", leadId: LEAD_ID, fields: { name: "A", business: "B", email: "a@b.co" } })
        .thenThrows(/already exists/);
    });
  });

  describe("once erased (decisions/039)", () => {
    const erased: LeadEvent = { type: "LeadErased", data: { leadId: LEAD_ID, streams: 1, events: 1 } };

    const archivedBefore = { type: "LeadArchived", data: { leadId: LEAD_ID, name: "A", business: "B", reason: null } } as LeadEvent;

    it("refuses every command with a conflict that says why, open or archived before", () => {
      for (const [history, archived] of [
        [[created, erased], false],
        [[created, archivedBefore, erased], true],
      ] as const) {
        const state = lead.given([...history]).state;
        expect(state).toEqual({ status: "erased", id: LEAD_ID, archived });
        for (const command of [
          { type: "UpdateLead", leadId: LEAD_ID, changes: { notes: "new personal text" } },
          { type: "MoveLead", leadId: LEAD_ID, stage: "Active", afterId: null, beforeId: null },
          { type: "ArchiveLead", leadId: LEAD_ID, reason: "a reason is free text" },
        ] satisfies LeadCommand[]) {
          lead
            .from(state)
            .when(command)
            .thenThrows(expect.objectContaining({ status: 409, message: LEAD_ERASED }));
        }
      }
    });

    it("may still be archived once, without a reason, writing nothing personal", () => {
      const archive: LeadCommand = { type: "ArchiveLead", leadId: LEAD_ID, reason: null };
      lead
        .given([created, erased])
        .when(archive)
        .thenEvents([{ type: "LeadArchived", data: { leadId: LEAD_ID, name: "[erased]", business: "[erased]", reason: null } }]);
      const gone = lead.given([created, erased, archivedBefore]).state;
      expect(gone).toEqual({ status: "erased", id: LEAD_ID, archived: true });
      lead
        .from(gone)
        .when(archive)
        .thenThrows(expect.objectContaining({ status: 404 }));
      lead
        .given([created, archivedBefore, erased])
        .when(archive)
        .thenThrows(expect.objectContaining({ status: 404 }));
    });
  });
});
