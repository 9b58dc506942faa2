import { describe, expect, it } from "vitest";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { LEAD_ERASED } from "@crm/contracts/erasure/lead-erased";
import { decide, evolve, initialState, type LeadCommand, type LeadEvent, type LeadState } from "../src/lead/lead.decider.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const DIRECTOR_ID = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const metadata = { actor: "user-1", at: "2026-11-21T10:00:00.000Z", commandId: "c-1", correlationId: "c-1" };

/** given(events) / when(command) / then(events | error) */
const given = (events: LeadEvent[]): LeadState =>
  events.map((e) => ({ ...e, metadata }) as Parameters<typeof evolve>[1]).reduce(evolve, initialState);
const when = (state: LeadState, command: LeadCommand) => () => decide(command, state);

const created: LeadEvent = leadCreatedEvent(LEAD_ID);

describe("lead decider", () => {
  it("creates a lead in New Lead with medium priority by default", () => {
    const events = when(given([]), {
      type: "CreateLead",
      leadId: LEAD_ID,
      fields: { name: "Ada", business: "Lovelace Co", email: "ada@example.com" },
    })();
    expect(events).toEqual([created]);
  });

  it("refuses to create the same lead twice", () => {
    expect(when(given([created]), { type: "CreateLead", leadId: LEAD_ID, fields: { name: "A", business: "B", email: "a@b.co" } })).toThrow(
      /already exists/,
    );
  });

  it("records only the fields that changed, then the stage change, then the director", () => {
    const events = when(given([created]), {
      type: "UpdateLead",
      leadId: LEAD_ID,
      changes: { name: "Ada", priority: "high", stage: "Contacted", creativeDirectorId: DIRECTOR_ID },
    })();
    expect(events).toEqual([
      { type: "LeadDetailsChanged", data: { leadId: LEAD_ID, changes: { priority: "high" } } },
      stageChangedEvent(LEAD_ID, "New Lead", "Contacted"),
      { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } },
    ]);
  });

  it("decides nothing when nothing changes", () => {
    expect(
      when(given([created]), { type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "New Lead", email: "ada@example.com" } })(),
    ).toEqual([]);
  });

  it("unassigns a director when the edit clears it", () => {
    const state = given([created, { type: "CreativeDirectorAssigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } }]);
    expect(when(state, { type: "UpdateLead", leadId: LEAD_ID, changes: { creativeDirectorId: null } })()).toEqual([
      { type: "CreativeDirectorUnassigned", data: { leadId: LEAD_ID, creativeDirectorId: DIRECTOR_ID } },
    ]);
  });

  it("answers not found for a lead that does not exist", () => {
    expect(when(given([]), { type: "UpdateLead", leadId: LEAD_ID, changes: { stage: "Contacted" } })).toThrow(/not found/);
  });

  describe("moving a card", () => {
    const AFTER = "1a2b3c4d-0000-4000-8000-000000000001";
    const BEFORE = "1a2b3c4d-0000-4000-8000-000000000002";

    it("records a move within the column without a stage change", () => {
      expect(when(given([created]), { type: "MoveLead", leadId: LEAD_ID, stage: "New Lead", afterId: AFTER, beforeId: BEFORE })()).toEqual([
        { type: "LeadMoved", data: { leadId: LEAD_ID, from: "New Lead", to: "New Lead", afterId: AFTER, beforeId: BEFORE } },
      ]);
    });

    it("records one stage change naming the neighbours when the card lands in another column", () => {
      expect(when(given([created]), { type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: null, beforeId: BEFORE })()).toEqual([
        stageChangedEvent(LEAD_ID, "New Lead", "Contacted", { beforeId: BEFORE }),
      ]);
    });

    it("decides on a drop logged before LeadStageChanged v2 (a stage change, then a move) as on one logged in one event", () => {
      const oneEvent: LeadEvent[] = [created, stageChangedEvent(LEAD_ID, "New Lead", "Contacted", { beforeId: BEFORE })];
      const twoEvents: LeadEvent[] = [
        created,
        stageChangedEvent(LEAD_ID, "New Lead", "Contacted"),
        { type: "LeadMoved", data: { leadId: LEAD_ID, from: "New Lead", to: "Contacted", afterId: null, beforeId: BEFORE } },
      ];
      for (const history of [oneEvent, twoEvents]) {
        expect(when(given(history), { type: "MoveLead", leadId: LEAD_ID, stage: "New Lead", afterId: null, beforeId: null })()).toEqual([
          stageChangedEvent(LEAD_ID, "Contacted", "New Lead"),
        ]);
      }
    });

    it("refuses a card placed next to itself, naming the field", () => {
      expect(when(given([created]), { type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: LEAD_ID, beforeId: null })).toThrow(
        expect.objectContaining({ status: 400, errors: [expect.objectContaining({ field: "afterId" })] }),
      );
    });

    it("refuses the same card on both sides", () => {
      expect(when(given([created]), { type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: AFTER, beforeId: AFTER })).toThrow(
        expect.objectContaining({ errors: [{ field: "beforeId", message: "afterId and beforeId must differ" }] }),
      );
    });

    it("answers not found for a lead that does not exist", () => {
      expect(when(given([]), { type: "MoveLead", leadId: LEAD_ID, stage: "Contacted", afterId: null, beforeId: null })).toThrow(
        /not found/,
      );
    });
  });

  describe("archiving", () => {
    const archived: LeadEvent = {
      type: "LeadArchived",
      data: { leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", reason: "Duplicate" },
    };

    it("records the archive with the lead's name and the reason", () => {
      expect(when(given([created]), { type: "ArchiveLead", leadId: LEAD_ID, reason: "Duplicate" })()).toEqual([archived]);
    });

    it("answers every later command as if the lead were gone", () => {
      const state = given([created, archived]);
      expect(state).toEqual({ status: "archived", id: LEAD_ID });
      expect(when(state, { type: "ArchiveLead", leadId: LEAD_ID, reason: null })).toThrow(/not found/);
      expect(when(state, { type: "UpdateLead", leadId: LEAD_ID, changes: { name: "Eve" } })).toThrow(/not found/);
      expect(when(state, { type: "MoveLead", leadId: LEAD_ID, stage: "Active", afterId: null, beforeId: null })).toThrow(/not found/);
    });

    it("refuses to create a lead again over an archived one", () => {
      expect(
        when(given([created, archived]), { type: "CreateLead", leadId: LEAD_ID, fields: { name: "A", business: "B", email: "a@b.co" } }),
      ).toThrow(/already exists/);
    });
  });

  describe("once erased (decisions/039)", () => {
    const erased: LeadEvent = { type: "LeadErased", data: { leadId: LEAD_ID, streams: 1, events: 1 } };

    const archivedBefore = { type: "LeadArchived", data: { leadId: LEAD_ID, name: "A", business: "B", reason: null } } as LeadEvent;

    it("refuses every command with a conflict that says why, open or archived before", () => {
      for (const [history, archived] of [[[created, erased], false], [[created, archivedBefore, erased], true]] as const) {
        const state = given([...history]);
        expect(state).toEqual({ status: "erased", id: LEAD_ID, archived });
        for (const command of [
          { type: "UpdateLead", leadId: LEAD_ID, changes: { notes: "new personal text" } },
          { type: "MoveLead", leadId: LEAD_ID, stage: "Active", afterId: null, beforeId: null },
          { type: "ArchiveLead", leadId: LEAD_ID, reason: "a reason is free text" },
        ] satisfies LeadCommand[]) {
          expect(when(state, command)).toThrow(expect.objectContaining({ status: 409, message: LEAD_ERASED }));
        }
      }
    });

    it("may still be archived once, without a reason, writing nothing personal", () => {
      const archive: LeadCommand = { type: "ArchiveLead", leadId: LEAD_ID, reason: null };
      expect(when(given([created, erased]), archive)()).toEqual([
        { type: "LeadArchived", data: { leadId: LEAD_ID, name: "[erased]", business: "[erased]", reason: null } },
      ]);
      const gone = given([created, erased, archivedBefore]);
      expect(gone).toEqual({ status: "erased", id: LEAD_ID, archived: true });
      expect(when(gone, archive)).toThrow(expect.objectContaining({ status: 404 }));
      expect(when(given([created, archivedBefore, erased]), archive)).toThrow(expect.objectContaining({ status: 404 }));
    });
  });
});
