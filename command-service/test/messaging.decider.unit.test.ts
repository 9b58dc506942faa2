import { describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { decide as decideDelivery, evolve as evolveDelivery, type OutcomeEvent } from "../src/messaging/delivery.decider.ts";
import { decide, evolve, initialState, type MessageEvent, type MessageState } from "../src/messaging/message.decider.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const MESSAGE_ID = "7e5b3d1a-2c4f-4e6a-8b9c-0d1e2f3a4b5c";
const REQUEST_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const metadata = { actor: "user-1", at: "2030-01-01T09:00:00.000Z", commandId: "c-1", correlationId: "c-1" };
const envelope = <E extends DomainEvent>(e: E) => ({ ...e, metadata }) as never;

const given = (events: MessageEvent[]): MessageState => events.map(envelope).reduce(evolve, initialState);
const sms: MessageEvent = { type: "SmsRequested", data: { messageId: MESSAGE_ID, leadId: LEAD_ID, to: "+15551234567", body: "Hello" } };

describe("message decider", () => {
  it("records an SMS request", () => {
    expect(decide({ type: "RequestSms", sms: sms.data as never }, given([]))).toEqual([sms]);
  });

  it("refuses a second request on the same message stream", () => {
    expect(() => decide({ type: "RequestSms", sms: sms.data as never }, given([sms]))).toThrow(/already requested/);
  });
});

describe("delivery decider", () => {
  const sent: OutcomeEvent = {
    type: "SmsSent",
    data: { requestId: REQUEST_ID, leadId: LEAD_ID, to: "+15551234567", preview: "Hello", transport: "outbox", providerMessageId: null, attempts: 1 },
  };
  const givenOutcomes = (events: DomainEvent[]) => events.map(envelope).reduce(evolveDelivery, new Set<string>() as ReadonlySet<string>);

  it("records the first outcome of a request", () => {
    expect(decideDelivery({ type: "RecordOutcome", outcome: sent }, givenOutcomes([sms]))).toEqual([sent]);
  });

  it("records nothing when the request already has an outcome", () => {
    const failed: OutcomeEvent = { type: "SmsFailed", data: { requestId: REQUEST_ID, leadId: LEAD_ID, to: "+15551234567", preview: "Hello", error: "x", attempts: 5 } };
    expect(decideDelivery({ type: "RecordOutcome", outcome: failed }, givenOutcomes([sms, sent]))).toEqual([]);
  });
});
