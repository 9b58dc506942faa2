import { describe, expect, it } from "vitest";
import { LogActivityBody } from "@crm/contracts/activity/commands";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { LEAD_ERASED } from "@crm/contracts/erasure/lead-erased";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { leadDecider, type LeadCommand, type LeadEvent } from "../src/lead/lead.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const lead = expectDecision(leadDecider);
const created: LeadEvent = leadCreatedEvent(LEAD_ID);

const log = (activity: LogActivityBody): LeadCommand => ({ type: "LogActivity", leadId: LEAD_ID, activity });

describe("logging an activity on a lead", () => {
  it("records a call with its follow-up date", () => {
    lead
      .given([created])
      .when(log({ type: "call", summary: "Talked budgets", details: "Wants a quote by Friday", followUpOn: "2030-03-05" }))
      .thenEvents([
        {
          type: "LeadActivityLogged",
          data: {
            leadId: LEAD_ID,
            activityType: "call",
            summary: "Talked budgets",
            details: "Wants a quote by Friday",
            followUpOn: "2030-03-05",
          },
        },
      ]);
  });

  it("records a note without details or follow-up as nulls", () => {
    lead
      .given([created])
      .when(log({ type: "note", summary: "Prefers mornings" }))
      .thenEvents([
        {
          type: "LeadActivityLogged",
          data: { leadId: LEAD_ID, activityType: "note", summary: "Prefers mornings", details: null, followUpOn: null },
        },
      ]);
  });

  it("may be logged on a lead closed as lost", () => {
    const lost: LeadEvent = { type: "LeadLost", data: { leadId: LEAD_ID, stage: "New Lead", reason: "Budget", note: null } };
    expect(lead.given([created, lost]).when(log({ type: "proposal", summary: "Sent a smaller offer" })).events).toHaveLength(1);
  });

  it("answers 404 for an unknown or archived lead, 409 for an erased one", () => {
    lead
      .given([])
      .when(log({ type: "call", summary: "x" }))
      .thenThrows(/not found/);
    const archived: LeadEvent = { type: "LeadArchived", data: { leadId: LEAD_ID, name: "Ada", business: "Lovelace Co", reason: null } };
    lead
      .given([created, archived])
      .when(log({ type: "call", summary: "x" }))
      .thenThrows(/not found/);
    const erased: LeadEvent = { type: "LeadErased", data: { leadId: LEAD_ID, streams: 1, events: 1 } };
    lead
      .given([created, erased])
      .when(log({ type: "contract", summary: "x" }))
      .thenThrows(LEAD_ERASED);
  });

  it("reads on the timeline by its type and summary, with its details and follow-up", () => {
    const [event] = lead
      .given([created])
      .when(log({ type: "contract", summary: "Signed", details: "Scan attached", followUpOn: "2030-01-02" })).events;
    expect(describeLeadEvent(event!)).toEqual({
      type: "contract",
      title: "Contract: Signed",
      description: "Scan attached",
      followUpOn: "2030-01-02",
    });
  });

  it("refuses a body without a summary, naming the field, and clears blank optional fields", () => {
    const missing = LogActivityBody.safeParse({ type: "call", summary: "  " });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join("."))).toEqual(["summary"]);
    expect(LogActivityBody.safeParse({ type: "email", summary: "Hi" }).error?.issues[0]?.path).toEqual(["type"]);
    expect(LogActivityBody.safeParse({ type: "note", summary: "Hi", followUpOn: "5 March" }).error?.issues[0]?.path).toEqual([
      "followUpOn",
    ]);
    expect(LogActivityBody.parse({ type: "note", summary: " Hi ", details: " ", followUpOn: "" })).toEqual({
      type: "note",
      summary: "Hi",
      details: null,
      followUpOn: null,
    });
  });
});
