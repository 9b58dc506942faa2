import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_ERASED_TITLE } from "@crm/contracts/erasure/lead-erased";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";

const backends = await availableBackends();

/** A meeting at 09:00 UTC: 10:00 in Berlin (CET), 4:00 in New York (EST). */
const START = "2030-03-05T09:00:00.000Z";
const END = "2030-03-05T09:30:00.000Z";

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

describe.each(backends)("logging activities and times in the reader's zone on %s", (backend) => {
  let app: TestApp;
  let partner: SignedIn;
  let client: LeadClient;
  let leadId: string;

  beforeAll(async () => {
    app = await startTestApp(backend);
    partner = await signUpAs(app, { role: "Partner", displayName: "Pat Partner" });
    client = clientFor(app, partner);
    leadId = await client.createLead({ name: "Ada Lovelace", business: "Engines" });
  });
  afterAll(() => app?.close());

  it("logs a call with a follow-up: 201, then on the timeline and in the history with who logged it", async () => {
    const logged = await client.post(`/api/leads/${leadId}/activities`, {
      type: "call",
      summary: "Talked budgets",
      details: "Wants a quote",
      followUpOn: "2030-03-06",
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect(logged.body).toMatchObject({ id: leadId, version: 2 });
    expect(typeof logged.body.position).toBe("string");

    const timeline = await client.get(`/api/activities?leadId=${leadId}`);
    expect(timeline.body[0]).toMatchObject({
      type: "call",
      title: "Call: Talked budgets",
      description: "Wants a quote",
      followUpOn: "2030-03-06",
      at: null,
      userLabel: "Pat Partner",
    });

    // The lead's version follows its stream (an edit's If-Match stays right) and Last Activity names the call; the replay agrees.
    const lead = await client.get(`/api/leads/${leadId}`);
    expect(lead.body).toMatchObject({ version: 2, lastActivity: "Call: Talked budgets" });
    const replayed = await client.get(`/api/leads/${leadId}?asOf=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(replayed.body).toEqual(lead.body);

    const history = await client.get(`/api/leads/${leadId}/history`);
    const entry = (history.body.entries as { type: string; summary: string; actor: { name: string }; changes: unknown[] }[]).at(-1)!;
    expect(entry).toMatchObject({ type: "LeadActivityLogged", summary: "Call: Talked budgets", actor: { name: "Pat Partner" } });
    expect(entry.changes).toEqual([
      { field: "activityType", before: null, after: "call" },
      { field: "summary", before: null, after: "Talked budgets" },
      { field: "details", before: null, after: "Wants a quote" },
      { field: "followUpOn", before: null, after: "2030-03-06" },
    ]);
  });

  it("logs a note without a follow-up", async () => {
    expect(
      (await client.post(`/api/leads/${leadId}/activities`, { type: "note", summary: "Prefers mornings", followUpOn: "" })).status,
    ).toBe(201);
    const timeline = await client.get(`/api/activities?leadId=${leadId}`);
    expect(timeline.body[0]).toMatchObject({ type: "note", title: "Note: Prefers mornings", description: null, followUpOn: null });
  });

  it("answers 400 problem+json naming each bad field, 404 for an unknown lead", async () => {
    const bad = await client.post(`/api/leads/${leadId}/activities`, { type: "meeting", summary: " ", followUpOn: "next week" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(fieldsOf(bad.body).sort()).toEqual(["followUpOn", "summary", "type"]);
    expect(fieldsOf((await client.post(`/api/leads/${leadId}/activities`, { type: "note", summary: "x", extra: 1 })).body)).toHaveLength(1);
    const unknown = await client.post(`/api/leads/00000000-0000-4000-8000-000000000000/activities`, { type: "note", summary: "x" });
    expect(unknown.status).toBe(404);
  });

  it("keeps a meeting's instant on the timeline and says history times in the reader's zone", async () => {
    const meeting = await client.post("/api/meetings", {
      leadId,
      title: "Kick-off",
      meetingType: "in-person",
      location: "Studio",
      startTime: START,
      endTime: END,
    });
    expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
    const timeline = await client.get(`/api/activities?leadId=${leadId}`);
    const scheduled = (timeline.body as { title: string }[]).find((a) => a.title === "Meeting scheduled: Kick-off");
    expect(scheduled).toMatchObject({ type: "meeting", description: "at Studio", at: START });

    expect((await client.patch("/api/profile", { timeZone: "Europe/Berlin" })).status).toBe(200);
    const history = await client.get(`/api/leads/${leadId}/history`);
    expect(history.body.timeZone).toBe("Europe/Berlin");
    const html = await call(app, `/api/leads/${leadId}/history.html`, { bearer: partner.token });
    expect(html.body).toContain("Times are in Europe/Berlin.");
    expect(html.body).toContain("(Europe/Berlin)");

    const colleague = await signUpAs(app, { role: "Project Manager" });
    expect(
      (await call(app, "/api/profile", { method: "PATCH", bearer: colleague.token, body: { timeZone: "America/New_York" } })).status,
    ).toBe(200);
    const theirs = await call(app, `/api/leads/${leadId}/history`, { bearer: colleague.token });
    expect(theirs.body.timeZone).toBe("America/New_York");
  });

  it("describes the route in the OpenAPI document", async () => {
    const post = (await call(app, "/api/openapi.json")).body.paths["/api/leads/{id}/activities"]?.post;
    expect(Object.keys(post.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "details",
      "followUpOn",
      "summary",
      "type",
    ]);
    expect(post.responses["201"]).toBeDefined();
  });

  it("refuses to log on an erased lead with 409", async () => {
    const gone = await client.createLead({ name: "Erin Erased", business: "Gone Co" });
    const before = { type: "call", summary: "Erin's new number", details: "Call her at home", followUpOn: "2030-01-02" };
    expect((await client.post(`/api/leads/${gone}/activities`, before)).status).toBe(201);
    expect((await client.post(`/api/leads/${gone}/erase`, { confirmation: "Erin Erased" })).status).toBe(200);
    const refused = await client.post(`/api/leads/${gone}/activities`, { type: "call", summary: "Tried anyway" });
    expect(refused.status).toBe(409);
    expect(refused.body.title).toBe(LEAD_ERASED_TITLE);
    // What was logged before is erased with the rest of the lead's free text; the type and the day stay.
    const history = await client.get(`/api/leads/${gone}/history`);
    const logged = (history.body.entries as { type: string; data: Record<string, unknown> }[]).find((e) => e.type === "LeadActivityLogged");
    expect(logged?.data).toEqual({
      leadId: gone,
      activityType: "call",
      summary: "[erased]",
      details: "[erased]",
      followUpOn: "2030-01-02",
    });
  });
});
