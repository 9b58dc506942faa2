import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { ACCESS_POLICY } from "../src/api.ts";
import { openApiPath } from "@crm/infra/http/openapi";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";
import { submitForLead } from "./questionnaire-helpers.ts";

const backends = await availableBackends();

describe.each(backends)("lead history, time travel, exports and OpenAPI on %s", (backend) => {
  let app: TestApp;
  let partner: SignedIn;
  let client: LeadClient;
  let leadId: string;
  const positions: string[] = [];
  beforeAll(async () => {
    app = await startTestApp(backend);
    partner = await signUpAs(app, { role: "Partner", displayName: "Pat Partner" });
    client = clientFor(app, partner);
    const created = await client.post("/api/leads", { name: "Ada <b>Lovelace</b>", business: "Engines & Co", email: "ada@example.com", phone: "555-0100" });
    leadId = created.body.id;
    positions.push(created.body.position);
    const edited = await client.patch(`/api/leads/${leadId}`, { name: "Ada King", stage: "Contacted" });
    expect(edited.status).toBe(200);
    positions.push(edited.body.position);
    expect((await client.post(`/api/leads/${leadId}/send-email`, { subject: "Hello Ada", message: "About your engine" })).status).toBe(202);
    const answered = await submitForLead(app, leadId, { goals: "More looms" });
    expect(answered.status).toBe(201);
    const moved = await client.patch(`/api/leads/${leadId}`, { stage: "Proposal Sent" });
    positions.push(moved.body.position);
  });
  afterAll(() => app?.close());

  it("lists every event of the lead and its related streams in log order, with who, what changed and the command", async () => {
    const history = await client.get(`/api/leads/${leadId}/history`);
    expect(history.status).toBe(200);
    const entries = history.body.entries as { type: string; position: string; streamId: string; actor: { name: string | null }; changes: { field: string; before: unknown; after: unknown }[]; commandId: string; correlationId: string }[];
    expect(entries.map((e) => e.type)).toEqual(["LeadCreated", "LeadDetailsChanged", "LeadStageChanged", "EmailRequested", "ClientLinkIssued", "QuestionnaireSubmitted", "LeadStageChanged"]);
    expect([...entries.map((e) => e.position)].sort()).toEqual(entries.map((e) => e.position));
    expect(new Set(entries.map((e) => e.streamId.split("-")[0]))).toEqual(new Set(["lead", "message", "clientlink", "questionnaire"]));
    expect(entries[0]!.actor.name).toBe("Pat Partner");
    expect(entries[5]!.actor.name).toMatch(/questionnaire/i);
    expect(entries[1]!.changes).toEqual([{ field: "name", before: "Ada <b>Lovelace</b>", after: "Ada King" }]);
    expect(entries[2]!.changes).toEqual([{ field: "stage", before: "New Lead", after: "Contacted" }]);
    expect(entries[6]!.changes).toEqual([{ field: "stage", before: "Contacted", after: "Proposal Sent" }]);
    expect(entries[0]!.changes).toContainEqual({ field: "email", before: null, after: "ada@example.com" });
    expect(entries[5]!.changes).toContainEqual({ field: "answers.goals", before: null, after: "More looms" });
    // The same command wrote the details change and the stage change.
    expect(entries[1]!.commandId).toBe(entries[2]!.commandId);
    expect(entries.every((e) => e.correlationId.length > 0)).toBe(true);
  });

  it("replays the lead as it was at a position and at an instant", async () => {
    const first = await client.get(`/api/leads/${leadId}?asOf=${positions[0]}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: leadId, name: "Ada <b>Lovelace</b>", stage: "New Lead", version: 1 });
    const second = await client.get(`/api/leads/${leadId}?asOf=${positions[1]}`);
    expect(second.body).toMatchObject({ name: "Ada King", stage: "Contacted", version: 3 });
    const now = await client.get(`/api/leads/${leadId}`);
    const latest = await client.get(`/api/leads/${leadId}?asOf=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    // The replay equals the read model, field for field.
    expect(latest.body).toEqual(now.body);
    const before = await client.get(`/api/leads/${leadId}?asOf=2000-01-01T00:00:00Z`);
    expect(before.status).toBe(404);
  });

  it("refuses a bad asOf with a 400 naming it", async () => {
    for (const asOf of ["yesterday", "99999999999999999999-1", "2026-13-01T00:00:00Z"]) {
      const answer = await client.get(`/api/leads/${leadId}?asOf=${encodeURIComponent(asOf)}`);
      expect(answer.status, `${asOf}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(JSON.stringify(answer.body.errors)).toContain("asOf");
    }
  });

  it("exports the history as JSON lines and as an escaped HTML report", async () => {
    const lines = await fetch(`${app.url}/api/leads/${leadId}/history.jsonl`, { headers: partner.headers });
    expect(lines.status).toBe(200);
    expect(lines.headers.get("content-type")).toContain("application/x-ndjson");
    expect(lines.headers.get("content-disposition")).toContain(".jsonl");
    const parsed = (await lines.text()).trim().split("\n").map((l) => JSON.parse(l));
    expect(parsed.map((e) => e.type)).toEqual(["LeadCreated", "LeadDetailsChanged", "LeadStageChanged", "EmailRequested", "ClientLinkIssued", "QuestionnaireSubmitted", "LeadStageChanged"]);
    const html = await call(app, `/api/leads/${leadId}/history.html`, { bearer: partner.token });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(html.body).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt;");
    expect(html.body).toContain("Engines &amp; Co");
    expect(html.body).not.toContain("<b>Lovelace</b>");
    expect(html.body).toContain("Pat Partner");
  });

  it("answers 404 for an unknown lead and keeps Creative Directors out", async () => {
    expect((await client.get(`/api/leads/00000000-0000-4000-8000-000000000000/history`)).status).toBe(404);
    expect((await client.get(`/api/leads/not-a-uuid/history`)).status).toBe(400);
    const director = await signUpAs(app, { role: "Creative Director" });
    expect((await call(app, `/api/leads/${leadId}/history`, { bearer: director.token })).status).toBe(403);
  });

  it("describes every route of the access policy in /api/openapi.json", async () => {
    const answer = await call(app, "/api/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe("3.1.0");
    for (const rule of ACCESS_POLICY) {
      const operation = answer.body.paths[openApiPath(rule.path)]?.[rule.method.toLowerCase()];
      expect(operation, `${rule.method} ${rule.path}`).toBeDefined();
      expect(operation.responses).toBeDefined();
    }
    const create = answer.body.paths["/api/leads"].post;
    expect(create.requestBody.content["application/json"].schema.properties.name).toBeDefined();
    expect(answer.body.paths["/api/leads/{id}/history"].get.responses["200"].content["application/json"].schema.properties.entries).toBeDefined();
  });
});
