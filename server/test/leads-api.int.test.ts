import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const backends = await availableBackends();

describe.each(backends)("leads API on %s", (backend) => {
  let app: TestApp;
  let partner: SignedIn;
  beforeAll(async () => {
    app = await startTestApp(backend);
    partner = await signUpAs(app, { role: "Partner" });
  });
  afterAll(() => app.close());

  it("creates a lead and reads it back at the returned position", async () => {
    const created = await fetch(`${app.url}/api/leads`, {
      method: "POST",
      headers: { ...partner.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", business: "Lovelace Co", email: "ada@example.com" }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; version: number; position: string; stage: string; priority: string };
    expect(body).toMatchObject({ version: 1, stage: "New Lead", priority: "medium" });
    const read = await fetch(`${app.url}/api/leads/${body.id}`, { headers: { ...partner.headers, "X-Min-Position": body.position } });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-stale")).toBeNull();
    expect(await read.json()).toMatchObject({ id: body.id, name: "Ada" });
  });
});
