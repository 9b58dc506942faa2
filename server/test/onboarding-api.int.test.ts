import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs, type SignedIn } from "../src/testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../src/testing/test-app.ts";
import { staffClient, submitPublic } from "./questionnaire-helpers.ts";

const backends = await availableBackends();

for (const backend of ["postgres", "pglite"] as const) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`onboarding API on ${backend}`, () => {
    let app: TestApp;
    let director: SignedIn;
    let staff: ReturnType<typeof staffClient>;
    beforeAll(async () => {
      app = await startTestApp(backend);
      staff = staffClient(app, await signUpAs(app, { role: "Project Manager" }));
      director = await signUpAs(app, { role: "Creative Director", displayName: "Cleo Creative" });
    });
    afterAll(() => app.close());

    it("assigning a director moves the lead to Creative Director Assigned and records it on the timeline", async () => {
      const leadId = await staff.lead("Contract Signed");
      const assigned = await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({ id: leadId, stage: "Creative Director Assigned", creativeDirectorId: director.user!.id });

      const lead = await staff.get(`/api/leads/${leadId}`);
      expect(lead.body).toMatchObject({ stage: "Creative Director Assigned", creativeDirectorId: director.user!.id });
      const timeline = (await staff.get(`/api/activities?leadId=${leadId}`)).body.map((a: { title: string }) => a.title);
      expect(timeline).toEqual(expect.arrayContaining(["Creative director assigned", "Stage changed to Creative Director Assigned"]));
    });

    it("requires a director, an approved Creative Director, and a lead in onboarding", async () => {
      const leadId = await staff.lead("Contract Signed");
      const none = await staff.post(`/api/onboarding/${leadId}/assign-director`, {});
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual([{ field: "creativeDirectorId", message: "Please select a creative director" }]);
      const manager = await signUpAs(app, { role: "Project Manager" });
      expect((await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: manager.user!.id })).status).toBe(400);
      const early = await staff.lead("Contacted");
      expect((await staff.post(`/api/onboarding/${early}/assign-director`, { creativeDirectorId: director.user!.id })).status).toBe(409);
    });

    it("a sent form or a scheduled meeting moves the lead forward, never back", async () => {
      const leadId = await staff.lead("Contract Signed");
      expect((await staff.post(`/api/onboarding/${leadId}/steps`, { step: "meeting-scheduled" })).body.stage).toBe("Onboarding Scheduled");
      expect((await staff.post(`/api/onboarding/${leadId}/steps`, { step: "form-sent" })).body.stage).toBe("Onboarding Scheduled");
      expect((await staff.post(`/api/onboarding/${leadId}/steps`, { step: "sideways" })).status).toBe(400);
    });

    it("lists recent onboarding activities from real events, with the client as the author of answers", async () => {
      const leadId = await staff.lead("Contract Signed");
      staff.saw(await submitPublic(app, { leadId, goals: "Grow" }));
      await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id });
      const recent = await staff.get(`/api/onboarding/activities?leadId=${leadId}`);
      expect(recent.status).toBe(200);
      expect(recent.body.map((a: { title: string }) => a.title)).toEqual([
        "Creative director assigned",
        "Stage changed to Creative Director Assigned",
        "Onboarding questionnaire submitted",
        "Stage changed to Contract Signed",
      ]);
      expect(recent.body[2]).toMatchObject({ leadName: "Ada Client", userLabel: "Client", createdBy: "public" });
      // A lead that has not reached onboarding has no entries (its creation is not onboarding).
      const early = await staff.lead("Contacted");
      expect((await staff.get(`/api/onboarding/activities?leadId=${early}`)).body).toEqual([]);
    });

    it("Creative Directors are kept out of onboarding but read their own clients' answers", async () => {
      const leadId = await staff.lead("Contract Signed");
      staff.saw(await submitPublic(app, { leadId, goals: "Grow" }));
      const cd = staffClient(app, director);
      expect((await cd.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id })).status).toBe(403);
      expect((await cd.get("/api/onboarding/activities")).status).toBe(403);
      expect((await cd.get(`/api/questionnaire/${leadId}`)).status).toBe(404);
      cd.saw(await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id }));
      expect((await cd.get(`/api/questionnaire/${leadId}`)).status).toBe(200);
    });
  });
}
