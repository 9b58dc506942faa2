import { describe, expect, it } from "vitest";
import { decodeEvent, type RecordedEvent } from "../src/events/registry.ts";
import { diffLead, replayLead } from "../src/history/lead-snapshot.ts";
import { describeLeadEvent } from "../src/lead/describe.ts";

const LEAD = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const CREATOR = "1b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a02";
const OWNER = "2b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a03";

function stream(...events: [type: string, data: object][]): RecordedEvent[] {
  return events.map(([type, data], i) => ({
    ...decodeEvent(type, 1, data),
    eventId: `e${i + 1}`,
    metadata: { actor: CREATOR, at: `2026-01-0${i + 1}T10:00:00.000Z`, commandId: `c${i}`, correlationId: `c${i}` },
    streamId: `lead-${LEAD}`,
    streamVersion: i + 1,
    position: String(i + 1).padStart(20, "0"),
    schemaVersion: 1,
  })) as RecordedEvent[];
}

const created: [string, object] = [
  "LeadCreated",
  {
    leadId: LEAD,
    name: "Ada",
    business: "Engines",
    email: "ada@example.com",
    phone: null,
    source: null,
    priority: "high",
    notes: null,
    proposalLink: null,
    contractStatus: null,
    stage: "New Lead",
  },
];
const stage = (from: string, to: string): [string, object] => [
  "LeadStageChanged",
  { leadId: LEAD, from, to, afterId: null, beforeId: null },
];

describe("the lead as it was (time travel) with its deal", () => {
  it("is owned by its creator, then by whom it was given to, with its deal and won date", () => {
    const events = stream(
      created,
      ["LeadOwnerChanged", { leadId: LEAD, from: CREATOR, to: OWNER }],
      ["LeadDealChanged", { leadId: LEAD, changes: { valueMinor: 90_000, probability: 60 } }],
      stage("New Lead", "Contract Signed"),
      ["LeadWon", { leadId: LEAD, stage: "Contract Signed" }],
      stage("Contract Signed", "Proposal Sent"),
    );
    expect(replayLead(events.slice(0, 1))).toMatchObject({
      assignedTo: CREATOR,
      status: "open",
      valueMinor: null,
      wonAt: null,
      closedAt: null,
    });
    expect(replayLead(events)).toMatchObject({
      assignedTo: OWNER,
      valueMinor: 90_000,
      probability: 60,
      expectedCloseOn: null,
      stage: "Proposal Sent",
      wonAt: "2026-01-05T10:00:00.000Z",
      version: 6,
    });
  });

  it("is lost with its reason, reopened in the stage it left, archived and restored to where it was", () => {
    const events = stream(
      created,
      stage("New Lead", "Proposal Sent"),
      ["LeadLost", { leadId: LEAD, stage: "Proposal Sent", reason: "Budget", note: "Too dear" }],
      ["LeadArchived", { leadId: LEAD, name: "Ada", business: "Engines", reason: null }],
      ["LeadRestored", { leadId: LEAD }],
      ["LeadReopened", { leadId: LEAD, stage: "Proposal Sent" }],
    );
    const lost = {
      status: "lost",
      stage: "Proposal Sent",
      lostReason: "Budget",
      lostNote: "Too dear",
      closedAt: "2026-01-03T10:00:00.000Z",
    };
    expect(replayLead(events.slice(0, 3))).toMatchObject({ ...lost, lastActivity: "Closed as lost" });
    const archived = replayLead(events.slice(0, 4));
    expect(archived).toMatchObject({ status: "archived", closedAt: "2026-01-04T10:00:00.000Z", lostReason: null });
    // What the archive remembers is no field: a diff and an answer show only the lead's own.
    expect(Object.keys(archived!)).not.toContain("before");
    expect(
      diffLead(replayLead(events.slice(0, 3)), archived)
        .map((c) => c.field)
        .sort(),
    ).toEqual(["closedAt", "lostNote", "lostReason", "status"]);
    expect(replayLead(events.slice(0, 5))).toMatchObject({ ...lost, lastActivity: "Restored from the archive", version: 5 });
    expect(replayLead(events)).toMatchObject({ status: "open", stage: "Proposal Sent", closedAt: null, lostReason: null, lostNote: null });
    expect(
      replayLead(
        stream(
          created,
          ["LeadArchived", { leadId: LEAD, name: "Ada", business: "Engines", reason: null }],
          ["LeadRestored", { leadId: LEAD }],
        ),
      ),
    ).toMatchObject({ status: "open", closedAt: null });
  });

  it("tells each deal event on the timeline", () => {
    const [owner, deal, won, lost, reopened, restored] = stream(
      ["LeadOwnerChanged", { leadId: LEAD, from: null, to: OWNER }],
      ["LeadDealChanged", { leadId: LEAD, changes: { valueMinor: 1, expectedCloseOn: "2026-02-01" } }],
      ["LeadWon", { leadId: LEAD, stage: "Contract Signed" }],
      ["LeadLost", { leadId: LEAD, stage: "Contacted", reason: "Timing", note: "Next year" }],
      ["LeadReopened", { leadId: LEAD, stage: "Contacted" }],
      ["LeadRestored", { leadId: LEAD }],
    );
    expect(describeLeadEvent(owner!, (id) => (id === OWNER ? "Olga Owner" : undefined))).toEqual({
      type: "assignment",
      title: "Owner changed",
      description: "From the creator to Olga Owner",
    });
    expect(describeLeadEvent(owner!)?.description).toBe(`From the creator to ${OWNER}`);
    expect(describeLeadEvent(deal!)).toMatchObject({ title: "Deal updated", description: "Changed value, expected close date" });
    expect(describeLeadEvent(won!)).toMatchObject({ title: "Deal won" });
    expect(describeLeadEvent(lost!)).toMatchObject({ title: "Closed as lost", description: "Timing: Next year" });
    expect(describeLeadEvent(reopened!)).toMatchObject({ title: "Reopened", description: "Back to Contacted" });
    expect(describeLeadEvent(restored!)).toMatchObject({ title: "Restored from the archive" });
  });
});
