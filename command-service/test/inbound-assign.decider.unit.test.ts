import { describe, expect, it } from "vitest";
import { inboundReceivedEvent } from "@crm/contracts/testing/inbound-events";
import { inboundDecider, type InboundEvent } from "../src/inbound/assign.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const OTHER_ID = "6c1d7a0e-3f1b-4b8e-9c1a-1f2e3d4c5b6a";
const INBOUND_ID = "3e9b8c2a-1d4f-4a6b-8c7d-9e0f1a2b3c4d";
const inbound = expectDecision(inboundDecider);

const loose: InboundEvent = inboundReceivedEvent(null, { inboundId: INBOUND_ID });
const assign = { type: "AssignInbound", inboundId: INBOUND_ID, leadId: LEAD_ID } as const;

describe("inbound assign decider", () => {
  it("puts an unmatched message on a lead", () => {
    expect(inbound.given([loose]).when(assign).events).toEqual([
      { type: "InboundEmailAssigned", data: { inboundId: INBOUND_ID, leadId: LEAD_ID } },
    ]);
  });

  it("refuses a second assignment, and a message the intake matched itself", () => {
    inbound
      .given([loose, { type: "InboundEmailAssigned", data: { inboundId: INBOUND_ID, leadId: OTHER_ID } }])
      .when(assign)
      .thenThrows(/already on a lead/);
    inbound
      .given([inboundReceivedEvent(OTHER_ID, { inboundId: INBOUND_ID })])
      .when(assign)
      .thenThrows(/already on a lead/);
  });

  it("knows no message on an empty stream, a discarded one, or another message's id", () => {
    inbound
      .given([])
      .when(assign)
      .thenThrows(/Message was not found/);
    inbound
      .given([
        {
          type: "InboundEmailDiscarded",
          data: { inboundId: INBOUND_ID, messageId: "<a@b>", channel: "smtp", leadId: LEAD_ID, reason: "lead erased" },
        },
      ])
      .when(assign)
      .thenThrows(/Message was not found/);
    inbound
      .given([loose])
      .when({ ...assign, inboundId: OTHER_ID })
      .thenThrows(/Message was not found/);
  });
});
