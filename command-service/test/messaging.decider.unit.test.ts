import { describe, it } from "vitest";
import { deliveryDecider, type OutcomeEvent } from "../src/messaging/delivery.decider.ts";
import { messageDecider, type MessageEvent } from "../src/messaging/message.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const MESSAGE_ID = "7e5b3d1a-2c4f-4e6a-8b9c-0d1e2f3a4b5c";
const REQUEST_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const message = expectDecision(messageDecider);
const delivery = expectDecision(deliveryDecider);
const sms: MessageEvent = { type: "SmsRequested", data: { messageId: MESSAGE_ID, leadId: LEAD_ID, to: "+15551234567", body: "Hello" } };

describe("message decider", () => {
  it("records an SMS request", () => {
    message
      .given([])
      .when({ type: "RequestSms", sms: sms.data as never })
      .thenEvents([sms]);
  });

  it("refuses a second request on the same message stream", () => {
    message
      .given([sms])
      .when({ type: "RequestSms", sms: sms.data as never })
      .thenThrows(/already requested/);
  });
});

describe("delivery decider", () => {
  const sent: OutcomeEvent = {
    type: "SmsSent",
    data: {
      requestId: REQUEST_ID,
      leadId: LEAD_ID,
      to: "+15551234567",
      preview: "Hello",
      transport: "outbox",
      providerMessageId: null,
      attempts: 1,
    },
  };

  it("records the first outcome of a request", () => {
    delivery.given([sms]).when({ type: "RecordOutcome", outcome: sent }).thenEvents([sent]);
  });

  it("records nothing when the request already has an outcome", () => {
    const failed: OutcomeEvent = {
      type: "SmsFailed",
      data: { requestId: REQUEST_ID, leadId: LEAD_ID, to: "+15551234567", preview: "Hello", error: "x", attempts: 5 },
    };
    delivery.given([sms, sent]).when({ type: "RecordOutcome", outcome: failed }).thenEvents([]);
  });
});
