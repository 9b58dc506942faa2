import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionnaireStreamId } from "@crm/contracts/questionnaire/stream";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../src/testing/http-client.ts";
import { signUpAs, type SignedIn } from "../src/testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../src/testing/test-app.ts";
import { freshIp, staffClient, submitPublic } from "./questionnaire-helpers.ts";

const backends = await availableBackends();
const suites = ["postgres", "pglite"] as const;

for (const backend of suites) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`public questionnaire on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let staff: ReturnType<typeof staffClient>;
    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = await signUpAs(app, { role: "Partner" });
      staff = staffClient(app, partner);
    });
    afterAll(() => app.close());

    it("takes answers without a session and records them with the actor public", async () => {
      const leadId = await staff.lead();
      const sent = await submitPublic(app, {
        leadId,
        instagramFollowers: 1200,
        tiktokFollowers: "35",
        brandWords: "  bold \n warm local ",
        goals: "More bookings",
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ version: 1 });
      const [event] = await app.system.store.readStream(questionnaireStreamId(leadId));
      expect(event?.type).toBe("QuestionnaireSubmitted");
      expect(event?.metadata.actor).toBe("public");

      staff.saw(sent);
      const read = await staff.get(`/api/questionnaire/${leadId}`);
      expect(read.status).toBe(200);
      expect(read.headers.get("x-stale")).toBeNull();
      expect(read.body).toMatchObject({ leadId, version: 1, versions: 1 });
      expect(read.body).toMatchObject({
        instagramFollowers: 1200,
        tiktokFollowers: 35,
        brandWords: "bold warm local",
        goals: "More bookings",
        companyOverview: null,
      });

      const timeline = await staff.get(`/api/activities?leadId=${leadId}`);
      expect(timeline.body.map((a: { title: string }) => a.title)).toContain("Onboarding questionnaire submitted");
    });

    it("keeps a second submission as a new version; staff see the latest and can open the earlier one", async () => {
      const leadId = await staff.lead();
      expect((await submitPublic(app, { leadId, goals: "First answer" })).status).toBe(201);
      const second = await submitPublic(app, { leadId, goals: "Second answer" });
      expect(second.body).toMatchObject({ version: 2 });
      staff.saw(second);

      expect((await staff.get(`/api/questionnaire/${leadId}`)).body).toMatchObject({ version: 2, versions: 2, goals: "Second answer" });
      expect((await staff.get(`/api/questionnaire/${leadId}?version=1`)).body).toMatchObject({
        version: 1,
        versions: 2,
        goals: "First answer",
      });
      const versions = await staff.get(`/api/questionnaire/${leadId}/versions`);
      expect(versions.body.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect((await staff.get(`/api/questionnaire/${leadId}?version=3`)).status).toBe(404);
    });

    it("answers 404 to staff when a lead has no answers, and 401 to anonymous readers", async () => {
      const leadId = await staff.lead();
      expect((await staff.get(`/api/questionnaire/${leadId}`)).status).toBe(404);
      expect((await call(app, `/api/questionnaire/${leadId}`)).status).toBe(401);
    });

    it("refuses bad answers with 400 naming each field, and an error field for the page", async () => {
      const leadId = await staff.lead();
      const sent = await submitPublic(app, {
        leadId,
        instagramFollowers: -5,
        tiktokFollowers: 1.5,
        youtubeSubscribers: "lots",
        companyOverview: "x".repeat(3001),
        favouriteColour: "blue",
      });
      expect(sent.status).toBe(400);
      expect(sent.headers.get("content-type")).toMatch(/application\/problem\+json/);
      const fields = sent.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(
        expect.arrayContaining(["instagramFollowers", "tiktokFollowers", "youtubeSubscribers", "companyOverview", "favouriteColour"]),
      );
      expect(sent.body.error).toMatch(/Instagram followers must be a whole number/);
      expect((await submitPublic(app, { goals: "no link" })).body.errors[0].field).toBe("leadId");
      expect((await submitPublic(app, { leadId: "not-a-uuid" })).status).toBe(400);
    });

    it("gives the same answer for an unknown lead as for an archived one", async () => {
      const archived = await staff.lead();
      expect((await staff.delete(`/api/leads/${archived}`)).status).toBe(200);
      const unknown = await submitPublic(app, { leadId: randomUUID(), goals: "hello" });
      const gone = await submitPublic(app, { leadId: archived, goals: "hello" });
      expect(unknown.status).toBe(404);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual(unknown.body);
      expect(gone.body.error).toEqual(expect.any(String));
      expect(await app.system.store.readStream(questionnaireStreamId(archived))).toEqual([]);
    });

    it("limits submissions per lead and per address with 429 and Retry-After", async () => {
      const leadId = await staff.lead();
      for (let i = 0; i < 5; i++) expect((await submitPublic(app, { leadId, goals: `try ${i}` })).status).toBe(201);
      const limited = await submitPublic(app, { leadId, goals: "one too many" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.body.error).toMatch(/Try again/);

      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await submitPublic(app, { leadId: randomUUID() }, ip)).status).toBe(404);
      expect((await submitPublic(app, { leadId: randomUUID() }, ip)).status).toBe(429);
      expect((await submitPublic(app, { leadId: randomUUID() }, freshIp())).status).toBe(404);
    });

    it("refuses a body over 64 KB with 413, and a non-JSON body with 415", async () => {
      const leadId = await staff.lead();
      const big = await submitPublic(app, { leadId, additionalInfo: "x".repeat(70 * 1024) });
      expect(big.status).toBe(413);
      expect(big.body.error).toMatch(/64 KB/);
      const form = await call(app, "/api/questionnaire", { method: "POST", ip: freshIp(), headers: { "content-type": "text/plain" } });
      expect(form.status).toBe(415);
    });
  });
}
