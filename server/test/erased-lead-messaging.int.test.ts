import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_ERASED, LEAD_ERASED_TITLE } from "@crm/contracts/erasure/lead-erased";
import { availableBackends } from "@crm/infra/testing/test-database";
import type { CallResult } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";

// Issue 32, item 6: an erased lead cannot be contacted. Each messaging route answers 409 with the
// erasure's message before anything is written: no message stream, no client link, no event. The
// lead is erased through the erasure route, from each state it can be erased in.

const backends = await availableBackends();

/** The log's size: how many streams and events it holds. A refused message adds to neither. */
async function logSize(app: TestApp) {
  const { rows } = await app.system.db.query<{ streams: number; events: number }>(
    "SELECT (SELECT count(*)::int FROM streams) AS streams, (SELECT count(*)::int FROM events) AS events",
  );
  return rows[0]!;
}

describe.each(backends)("messaging an erased lead on %s", (backend) => {
  let app: TestApp;
  let client: LeadClient;

  beforeAll(async () => {
    app = await startTestApp(backend, { PUBLIC_URL: "https://crm.example", MAIL_FROM: "Studio Nine <hello@studio.test>" });
    client = clientFor(app, await signUpAs(app, { role: "Partner" }));
  });
  afterAll(() => app?.close());

  /** A lead with an email and a phone, brought into a state, then erased through the erasure route. */
  async function erasedLead(before: "open" | "lost" | "archived"): Promise<string> {
    const name = `Erin ${before}`;
    const leadId = await client.createLead({ name, email: `erin-${before}@example.com` });
    expect((await client.patch(`/api/leads/${leadId}`, { phone: "+15551230000" })).status).toBe(200);
    if (before === "lost") expect((await client.post(`/api/leads/${leadId}/lose`, { reason: "Budget" })).status).toBe(200);
    if (before === "archived") expect((await client.delete(`/api/leads/${leadId}`)).status).toBe(200);
    expect((await client.post(`/api/leads/${leadId}/erase`, { confirmation: name })).status).toBe(200);
    return leadId;
  }

  const routes = (leadId: string): [string, () => Promise<CallResult>][] => [
    ["send-email", () => client.post(`/api/leads/${leadId}/send-email`, { subject: "Still there?", message: "New personal text" })],
    ["send-form", () => client.post(`/api/leads/${leadId}/send-form`, { formType: "feedback", to: "erin@example.com" })],
    ["send-email (old route)", () => client.post("/api/send-email", { leadId, to: "erin@example.com", message: "New personal text" })],
    ["send-sms", () => client.post(`/api/leads/${leadId}/send-sms`, { message: "New personal text" })],
  ];

  it.each(["open", "lost", "archived"] as const)("refuses every message to a lead erased while %s, queuing nothing", async (state) => {
    const leadId = await erasedLead(state);
    const before = await logSize(app);
    for (const [what, send] of routes(leadId)) {
      const answer = await send();
      expect(answer.status, what).toBe(409);
      expect(answer.headers.get("content-type"), what).toMatch(/^application\/problem\+json/);
      expect(answer.body, what).toMatchObject({ status: 409, title: LEAD_ERASED_TITLE, detail: LEAD_ERASED });
    }
    // No EmailRequested or SmsRequested on a new message stream, no client link issued: nothing at all.
    expect(await logSize(app)).toEqual(before);
  });
});
