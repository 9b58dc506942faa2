import { describe, expect, it } from "vitest";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { LEAD_ERASED } from "@crm/contracts/erasure/lead-erased";
import { LEAD_LOST, leadDecider, type LeadCommand, type LeadEvent } from "../src/lead/lead.decider.ts";
import { expectDecision, type GivenEvent } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR_ID = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const OWNER_ID = "3e9b8c2a-1d4f-4a6b-8c7d-9e0f1a2b3c4d";
const CREATOR_ID = "7f0e1d2c-3b4a-4596-8877-665544332211";
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
      expect(state).toMatchObject({ status: "archived", id: LEAD_ID, before: { status: "open", stage: "New Lead" } });
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
          { type: "LoseLead", leadId: LEAD_ID, reason: "Budget", note: null, allowedReasons: ["Budget"] },
          { type: "ReopenLead", leadId: LEAD_ID },
          { type: "RestoreLead", leadId: LEAD_ID },
          { type: "ReassignLead", leadId: LEAD_ID, assignedTo: OWNER_ID },
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

  describe('deals (docs/product.md, "Deals")', () => {
    const REASONS = ["Budget", "Timing"];
    const createdBy: GivenEvent<LeadEvent> = [created, { actor: CREATOR_ID, at: "2026-11-21T09:00:00.000Z" }];
    const lost: GivenEvent<LeadEvent> = [
      { type: "LeadLost", data: { leadId: LEAD_ID, stage: "Proposal Sent", reason: "Budget", note: "Too dear" } },
      { at: "2026-11-22T10:00:00.000Z" },
    ];
    const inProposal = stageChangedEvent(LEAD_ID, "New Lead", "Proposal Sent");
    const archive: LeadEvent = { type: "LeadArchived", data: { leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", reason: null } };

    it("is owned by its creator until reassigned, and records the owner and only the deal fields that change", () => {
      expect(lead.given([createdBy]).state).toMatchObject({ owner: CREATOR_ID, valueMinor: null, wonAt: null });
      lead
        .given([createdBy, { type: "LeadDealChanged", data: { leadId: LEAD_ID, changes: { valueMinor: 500_00 } } }])
        .when({
          type: "UpdateLead",
          leadId: LEAD_ID,
          changes: { assignedTo: OWNER_ID, valueMinor: 500_00, expectedCloseOn: "2026-12-31", probability: null },
        })
        .thenEvents([
          { type: "LeadOwnerChanged", data: { leadId: LEAD_ID, from: CREATOR_ID, to: OWNER_ID } },
          { type: "LeadDealChanged", data: { leadId: LEAD_ID, changes: { expectedCloseOn: "2026-12-31" } } },
        ]);
    });

    it("reassigns to another owner, and does nothing when the lead is theirs already", () => {
      const reassign: LeadCommand = { type: "ReassignLead", leadId: LEAD_ID, assignedTo: OWNER_ID };
      lead
        .given([createdBy])
        .when(reassign)
        .thenEvents([{ type: "LeadOwnerChanged", data: { leadId: LEAD_ID, from: CREATOR_ID, to: OWNER_ID } }]);
      const owned = lead.given([createdBy, { type: "LeadOwnerChanged", data: { leadId: LEAD_ID, from: CREATOR_ID, to: OWNER_ID } }]);
      expect(owned.state).toMatchObject({ owner: OWNER_ID });
      owned.when(reassign).thenEvents([]);
      // A creator that is not a person (a questionnaire's "public") is no one to name as the previous owner.
      lead
        .given([created])
        .when(reassign)
        .thenEvents([{ type: "LeadOwnerChanged", data: { leadId: LEAD_ID, from: null, to: OWNER_ID } }]);
    });

    it("wins the deal the first time it reaches Contract Signed or later, by edit or by move, and never again", () => {
      lead
        .given([created, inProposal])
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Contract Signed", afterId: null, beforeId: null })
        .thenEvents([
          stageChangedEvent(LEAD_ID, "Proposal Sent", "Contract Signed"),
          { type: "LeadWon", data: { leadId: LEAD_ID, stage: "Contract Signed" } },
        ]);
      lead
        .given([created])
        .when({ type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "Active" } })
        .thenEvents([stageChangedEvent(LEAD_ID, "New Lead", "Active"), { type: "LeadWon", data: { leadId: LEAD_ID, stage: "Active" } }]);
      const won = lead.given([
        created,
        stageChangedEvent(LEAD_ID, "New Lead", "Contract Signed"),
        [{ type: "LeadWon", data: { leadId: LEAD_ID, stage: "Contract Signed" } }, { at: "2026-11-23T10:00:00.000Z" }],
        [stageChangedEvent(LEAD_ID, "Contract Signed", "Proposal Sent"), { at: "2026-11-24T10:00:00.000Z" }],
      ]);
      expect(won.state).toMatchObject({ wonAt: "2026-11-23T10:00:00.000Z", stage: "Proposal Sent" });
      won
        .when({ type: "MoveLead", leadId: LEAD_ID, stage: "Contract Signed", afterId: null, beforeId: null })
        .thenEvents([stageChangedEvent(LEAD_ID, "Proposal Sent", "Contract Signed")]);
      // Signed before deals were recorded: moving on through onboarding does not win it a second time.
      lead
        .given([created, stageChangedEvent(LEAD_ID, "New Lead", "Contract Signed")])
        .when({ type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "Active" } })
        .thenEvents([stageChangedEvent(LEAD_ID, "Contract Signed", "Active")]);
    });

    it("closes an open lead as lost with one of the agency's reasons, naming reason otherwise", () => {
      lead
        .given([created, inProposal])
        .when({ type: "LoseLead", leadId: LEAD_ID, reason: "Budget", note: "Too dear", allowedReasons: REASONS })
        .thenEvents([{ type: "LeadLost", data: { leadId: LEAD_ID, stage: "Proposal Sent", reason: "Budget", note: "Too dear" } }]);
      lead
        .given([created])
        .when({ type: "LoseLead", leadId: LEAD_ID, reason: "Ghosted", note: null, allowedReasons: REASONS })
        .thenThrows(expect.objectContaining({ status: 400, errors: [expect.objectContaining({ field: "reason" })] }));
      expect(lead.given([created, inProposal, lost]).state).toMatchObject({
        status: "lost",
        stage: "Proposal Sent",
        lostReason: "Budget",
        lostNote: "Too dear",
        closedAt: "2026-11-22T10:00:00.000Z",
        lastActivity: "Closed as lost",
      });
    });

    it("refuses every command on a lost lead but reopen and archive", () => {
      const state = lead.given([created, inProposal, lost]).state;
      for (const command of [
        { type: "UpdateLead", leadId: LEAD_ID, changes: { notes: "edit" } },
        { type: "MoveLead", leadId: LEAD_ID, stage: "Active", afterId: null, beforeId: null },
        { type: "LoseLead", leadId: LEAD_ID, reason: "Budget", note: null, allowedReasons: REASONS },
        { type: "ReassignLead", leadId: LEAD_ID, assignedTo: OWNER_ID },
      ] satisfies LeadCommand[]) {
        lead
          .from(state)
          .when(command)
          .thenThrows(expect.objectContaining({ status: 409, message: LEAD_LOST }));
      }
      lead
        .from(state)
        .when({ type: "RestoreLead", leadId: LEAD_ID })
        .thenThrows(expect.objectContaining({ status: 409 }));
      lead.from(state).when({ type: "ArchiveLead", leadId: LEAD_ID, reason: null }).thenEvents([archive]);
    });

    it("reopens a lost lead in the stage it left, and refuses to reopen an open one", () => {
      const reopen: LeadCommand = { type: "ReopenLead", leadId: LEAD_ID };
      lead
        .given([created, inProposal, lost])
        .when(reopen)
        .thenEvents([{ type: "LeadReopened", data: { leadId: LEAD_ID, stage: "Proposal Sent" } }]);
      const reopened = lead.given([created, inProposal, lost, { type: "LeadReopened", data: { leadId: LEAD_ID, stage: "Proposal Sent" } }]);
      expect(reopened.state).toMatchObject({ status: "open", stage: "Proposal Sent" });
      expect(reopened.state).not.toHaveProperty("lostReason");
      reopened.when(reopen).thenThrows(expect.objectContaining({ status: 409 }));
      reopened
        .when({ type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "Contract Sent" } })
        .thenEvents([stageChangedEvent(LEAD_ID, "Proposal Sent", "Contract Sent")]);
    });

    it("archives a lost lead keeping everything, and restores it back to lost; an open one back to open", () => {
      const restored: LeadEvent = { type: "LeadRestored", data: { leadId: LEAD_ID } };
      const archivedLost = lead.given([createdBy, inProposal, lost, archive]);
      expect(archivedLost.state).toMatchObject({ status: "archived", before: { status: "lost", lostReason: "Budget" } });
      archivedLost.when({ type: "ReopenLead", leadId: LEAD_ID }).thenThrows(/not found/);
      archivedLost.when({ type: "ReassignLead", leadId: LEAD_ID, assignedTo: OWNER_ID }).thenThrows(/not found/);
      archivedLost.when({ type: "RestoreLead", leadId: LEAD_ID }).thenEvents([restored]);
      expect(lead.given([createdBy, inProposal, lost, archive, restored]).state).toMatchObject({
        status: "lost",
        stage: "Proposal Sent",
        owner: CREATOR_ID,
        lostReason: "Budget",
        closedAt: "2026-11-22T10:00:00.000Z",
        lastActivity: "Restored from the archive",
      });
      expect(lead.given([createdBy, inProposal, archive, restored]).state).toMatchObject({ status: "open", stage: "Proposal Sent" });
      lead
        .given([createdBy])
        .when({ type: "RestoreLead", leadId: LEAD_ID })
        .thenThrows(expect.objectContaining({ status: 409 }));
      lead
        .given([])
        .when({ type: "RestoreLead", leadId: LEAD_ID })
        .thenThrows(/not found/);
    });
  });
});
