import { describe, expect, it, vi } from "vitest";
import { onboardingProgressReactor } from "@crm/command-service/onboarding/onboarding-progress.reactor";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { START_POSITION } from "@crm/infra/event-store/position";
import { createReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { runReactorPast } from "@crm/infra/testing/reactor-catch-up";
import { availableBackends } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { staffClient, submitForLead } from "./questionnaire-helpers.ts";

const backends = await availableBackends();

for (const backend of ["postgres", "pglite"] as const) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`onboarding API on ${backend}`, () => {
    let director: SignedIn;
    let staff: ReturnType<typeof staffClient>;
    // The onboarding staff is a Project Manager; the fixture's Partner only stands by.
    const fx = appWithPartner(
      backend,
      {},
      {
        seed: async ({ app }) => {
          staff = staffClient(app, await signUpAs(app, { role: "Project Manager" }));
          director = await signUpAs(app, { role: "Creative Director", displayName: "Cleo Creative" });
          // The director check reads the users read model: let it catch up once, so no test races it.
          await vi.waitFor(
            async () =>
              expect((await staff.get("/api/users/creative-directors")).body.map((u: { id: string }) => u.id)).toContain(director.user!.id),
            { ...EVENTUALLY, interval: 100 },
          );
        },
      },
    );

    it("assigning a director moves the lead to Creative Director Assigned and records it on the timeline", async () => {
      const leadId = await staff.lead("Contract Signed");
      const assigned = await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
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
      const manager = await signUpAs(fx.app, { role: "Project Manager" });
      expect((await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: manager.user!.id })).status).toBe(400);
      const early = await staff.lead("Contacted");
      expect((await staff.post(`/api/onboarding/${early}/assign-director`, { creativeDirectorId: director.user!.id })).status).toBe(409);
    });

    it("an onboarding form sent or an onboarding meeting booked moves the lead forward, never back", async () => {
      const leadId = await staff.lead("Contract Signed");
      const progress = createReactorRunner({
        db: fx.app.system.db,
        store: fx.app.system.store,
        reactor: onboardingProgressReactor({ store: fx.app.system.store, now: fx.app.system.now }),
      });
      /** Runs the reactor until its checkpoint has passed the position a command answered. */
      const catchUp = (answer: { body: { position: string } }) => runReactorPast(progress, fx.app.system.db, "onboarding-progress", answer.body.position);
      const stages = async () =>
        (await fx.app.system.store.readStream(leadStreamId(leadId))).flatMap((e) => (e.type === "LeadStageChanged" ? [e.data.to] : []));

      await catchUp(await staff.post(`/api/leads/${leadId}/send-form`, { formType: "feedback", to: "ada@example.com" }));
      expect(await stages()).toEqual(["Contract Signed"]);

      await catchUp(await staff.post(`/api/leads/${leadId}/send-form`, { formType: "onboarding", to: "ada@example.com" }));
      expect(await stages()).toEqual(["Contract Signed", "Onboarding Form Sent"]);

      const start = new Date(Date.now() + 86_400_000);
      start.setUTCMinutes(0, 0, 0);
      const meeting = {
        leadId,
        title: "Kick-off",
        type: "onboarding",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      };
      await catchUp(await staff.post("/api/meetings", meeting));
      expect(await stages()).toEqual(["Contract Signed", "Onboarding Form Sent", "Onboarding Scheduled"]);

      // Sending the form again later changes nothing, and the same events read again append nothing.
      await catchUp(await staff.post(`/api/leads/${leadId}/send-form`, { formType: "onboarding", to: "ada@example.com" }));
      const again = onboardingProgressReactor({ store: fx.app.system.store, now: fx.app.system.now });
      const { events } = await fx.app.system.store.readAllOfTypes({ after: START_POSITION, limit: 10_000, types: again.types! });
      for (const event of events) if (again.handles!(event)) await again.handle(event);
      expect(await stages()).toEqual(["Contract Signed", "Onboarding Form Sent", "Onboarding Scheduled"]);
    });

    it("lists recent onboarding activities from real events, with the client as the author of answers", async () => {
      const leadId = await staff.lead("Contract Signed");
      staff.saw(await submitForLead(fx.app, leadId, { goals: "Grow" }));
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
      staff.saw(await submitForLead(fx.app, leadId, { goals: "Grow" }));
      const cd = staffClient(fx.app, director);
      expect((await cd.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id })).status).toBe(403);
      expect((await cd.get("/api/onboarding/activities")).status).toBe(403);
      expect((await cd.get(`/api/questionnaire/${leadId}`)).status).toBe(403); // not their client (yet)
      cd.saw(await staff.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id }));
      expect((await cd.get(`/api/questionnaire/${leadId}`)).status).toBe(200);
    });
  });
}
