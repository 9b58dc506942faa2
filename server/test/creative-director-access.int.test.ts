import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { availableBackends } from "@crm/infra/testing/test-database";
import type { CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { kickOffMeeting, staffClient, submitForLead } from "./questionnaire-helpers.ts";

/**
 * A Creative Director reads the lead page of their own clients, and nothing of any other lead
 * (docs/product.md, "Roles"): the lead, its meetings, timeline and questionnaire answer 200 for a
 * lead whose director they are now, 403 for another director's lead or one with no director; the
 * dashboard's counts and feed cover their clients only.
 */

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

const NOT_YOURS = "This client is assigned to another creative director.";

type Client = ReturnType<typeof staffClient>;

interface Planted {
  id: string;
  name: string;
  meetingId: string;
}

/** The reads the lead page makes for one lead that a director of it may make (history and the client link stay staff's). */
const leadPageReads = (lead: Planted) => [
  `/api/leads/${lead.id}`,
  `/api/meetings?leadId=${lead.id}`,
  `/api/meetings/${lead.meetingId}`,
  `/api/activities?leadId=${lead.id}`,
  `/api/questionnaire/${lead.id}`,
  `/api/questionnaire/${lead.id}/versions`,
  `/api/content-submissions?leadId=${lead.id}`,
  `/api/creative-tasks?leadId=${lead.id}`,
];

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`a Creative Director's reads on ${backend}`, () => {
    let app: TestApp;
    let partner: Client;
    let directorA: SignedIn;
    let directorB: SignedIn;

    /** A lead at a stage, with a meeting, a timeline and questionnaire answers, and a director when given. */
    async function plant(stage: LeadStage, director?: SignedIn): Promise<Planted> {
      const name = `Client ${randomUUID().slice(0, 8)}`;
      const created = await partner.post("/api/leads", { name, business: `${name} Ltd`, email: `${randomUUID().slice(0, 8)}@example.com` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect((await partner.patch(`/api/leads/${id}`, { stage: "Contract Signed" })).status).toBe(200);
      const meeting = await partner.post("/api/meetings", kickOffMeeting(id, `${name} kick-off`));
      expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
      const answered = await submitForLead(app, id, { brandWords: "bold" });
      expect(answered.status, JSON.stringify(answered.body)).toBe(201);
      partner.saw(answered);
      if (stage !== "Contract Signed") expect((await partner.patch(`/api/leads/${id}`, { stage })).status).toBe(200);
      if (director) expect((await partner.patch(`/api/leads/${id}`, { creativeDirectorId: director.user!.id })).status).toBe(200);
      return { id, name, meetingId: meeting.body.id as string };
    }

    /** The director's client, reading at least as late as the partner's last write. */
    const as = (director: SignedIn): Client => {
      const client = staffClient(app, director);
      client.saw(partnerWrote);
      return client;
    };
    /** The partner's newest write, whose position a director's reads wait for. */
    let partnerWrote: CallResult;
    /** A write after everything planted so far: a director reading after it reads all of it. */
    const caughtUp = async () => {
      partnerWrote = await partner.post("/api/leads", {
        name: "Marker",
        business: "Marker Ltd",
        email: `${randomUUID().slice(0, 8)}@example.com`,
      });
      expect(partnerWrote.body.position, JSON.stringify(partnerWrote.body)).toEqual(expect.any(String));
    };

    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = staffClient(app, await signUpAs(app, { role: "Partner" }));
      directorA = await signUpAs(app, { role: "Creative Director", displayName: "Ada Director" });
      directorB = await signUpAs(app, { role: "Creative Director", displayName: "Bea Director" });
      // Assigning a director checks the users read model: let it catch up once.
      await vi.waitFor(
        async () =>
          expect((await partner.get("/api/users/creative-directors")).body.map((u: { id: string }) => u.id)).toEqual(
            expect.arrayContaining([directorA.user!.id, directorB.user!.id]),
          ),
        { timeout: 30_000, interval: 50 },
      );
    }, 60_000);
    afterAll(() => app?.close());

    it("reads its own client's lead, meetings, timeline and questionnaire", async () => {
      const own = await plant("Contract Signed", directorA);
      await caughtUp();
      const cd = as(directorA);
      const lead = await cd.get(`/api/leads/${own.id}`);
      expect(lead.status, JSON.stringify(lead.body)).toBe(200);
      expect(lead.body).toMatchObject({ id: own.id, name: own.name, creativeDirectorId: directorA.user!.id });
      const meetings = await cd.get(`/api/meetings?leadId=${own.id}`);
      expect([meetings.status, meetings.body.map((m: { id: string }) => m.id)]).toEqual([200, [own.meetingId]]);
      const meeting = await cd.get(`/api/meetings/${own.meetingId}`);
      expect([meeting.status, meeting.body.leadId]).toEqual([200, own.id]);
      const timeline = await cd.get(`/api/activities?leadId=${own.id}`);
      expect(timeline.status).toBe(200);
      expect(timeline.body.map((a: { title: string }) => a.title)).toContain("Lead created");
      expect(new Set(timeline.body.map((a: { leadId: string }) => a.leadId))).toEqual(new Set([own.id]));
      const answers = await cd.get(`/api/questionnaire/${own.id}`);
      expect([answers.status, answers.body.leadId, answers.body.brandWords]).toEqual([200, own.id, "bold"]);
      const versions = await cd.get(`/api/questionnaire/${own.id}/versions`);
      expect([versions.status, versions.body.length]).toEqual([200, 1]);
      for (const path of leadPageReads(own)) expect((await cd.get(path)).status, path).toBe(200);
    });

    it("refuses another director's client and a lead with no director, naming why and showing nothing of it", async () => {
      const theirs = await plant("Contract Signed", directorB);
      const nobodys = await plant("Contract Signed");
      await caughtUp();
      const cd = as(directorA);
      for (const lead of [theirs, nobodys])
        for (const path of leadPageReads(lead)) {
          const refused = await cd.get(path);
          expect(refused.status, path).toBe(403);
          expect(refused.body.detail, path).toBe(NOT_YOURS);
          expect(JSON.stringify(refused.body), path).not.toContain(lead.name);
        }
      // Their own director reads the same lead.
      expect((await as(directorB).get(`/api/leads/${theirs.id}`)).status).toBe(200);
      // A lead nobody knows is a 404, as it is to staff.
      expect((await cd.get(`/api/leads/${randomUUID()}`)).status).toBe(404);
      expect((await cd.get(`/api/activities?leadId=${randomUUID()}`)).status).toBe(404);
    });

    it("keeps lists, history, time travel, client links and every change with Partners and Project Managers", async () => {
      const own = await plant("Contract Signed", directorA);
      const theirs = await plant("Contract Signed", directorB);
      await caughtUp();
      const cd = as(directorA);
      for (const path of [
        "/api/leads",
        "/api/leads/board",
        `/api/leads/${own.id}/history`,
        `/api/leads/${own.id}/history.jsonl`,
        `/api/leads/${own.id}?asOf=${encodeURIComponent(new Date().toISOString())}`,
        `/api/leads/${own.id}/client-link`,
      ])
        expect((await cd.get(path)).status, path).toBe(403);
      // The sales fields stay read-only to them.
      expect((await cd.patch(`/api/leads/${own.id}`, { name: "Renamed" })).status).toBe(403);
      expect((await cd.post(`/api/leads/${own.id}/move`, { stage: "Active" })).status).toBe(403);
      // Upcoming meetings without a lead: their clients' only.
      const upcoming = (await cd.get("/api/meetings?limit=500")).body.map((m: { leadId: string }) => m.leadId);
      expect(upcoming).toContain(own.id);
      expect(upcoming).not.toContain(theirs.id);
    });

    it("keeps reading a client lost and then archived: its page, timeline and tasks", async () => {
      const own = await plant("Contract Signed", directorA);
      const task = await staffClient(app, directorA).post("/api/creative-tasks", {
        leadId: own.id,
        title: "Launch reel",
        description: "Three cuts of the launch reel",
      });
      expect(task.status, JSON.stringify(task.body)).toBe(201);
      expect((await partner.post(`/api/leads/${own.id}/lose`, { reason: "Budget" })).status).toBe(200);
      await caughtUp();
      const lost = as(directorA);
      for (const path of leadPageReads(own)) expect((await lost.get(path)).status, path).toBe(200);
      expect((await lost.get(`/api/creative-tasks?leadId=${own.id}`)).body.map((t: { title: string }) => t.title)).toEqual(["Launch reel"]);
      expect((await as(directorB).get(`/api/activities?leadId=${own.id}`)).status).toBe(403);
      partnerWrote = await partner.post(`/api/leads/${own.id}/archive`, {});
      expect(partnerWrote.status, JSON.stringify(partnerWrote.body)).toBe(200);
      const archived = as(directorA);
      expect((await archived.get(`/api/leads/${own.id}`)).body.status).toBe("archived");
      expect((await archived.get(`/api/activities?leadId=${own.id}`)).status).toBe(200);
    });

    it("refuses a client at once after it is re-assigned away, and reads one assigned to them at once", async () => {
      const moving = await plant("Contract Signed", directorA);
      await caughtUp();
      expect((await as(directorA).get(`/api/leads/${moving.id}`)).status).toBe(200);
      partnerWrote = await partner.patch(`/api/leads/${moving.id}`, { creativeDirectorId: directorB.user!.id });
      expect(partnerWrote.status).toBe(200);
      const a = as(directorA);
      for (const path of leadPageReads(moving)) expect((await a.get(path)).status, path).toBe(403);
      const b = as(directorB);
      for (const path of leadPageReads(moving)) expect((await b.get(path)).status, path).toBe(200);
    });

    it("counts and lists only their own clients on the dashboard", async () => {
      const director = await signUpAs(app, { role: "Creative Director", displayName: "Cy Director" });
      await expect
        .poll(async () => (await partner.get("/api/users/creative-directors")).body.map((u: { id: string }) => u.id))
        .toContain(director.user!.id);
      const mine = [
        await plant("New Lead", director),
        await plant("Contract Sent", director),
        await plant("Onboarding Form Sent", director),
      ];
      const others = [await plant("New Lead", directorB), await plant("Contract Sent")];
      await caughtUp();
      const cd = as(director);
      const stats = await cd.get("/api/stats");
      expect(stats.body).toEqual({ newLeads: 1, contractsPending: 1, onboardingInProgress: 1, clientsAssigned: 3 });
      const everyone = (await partner.get("/api/stats")).body;
      expect(everyone.newLeads).toBeGreaterThan(1);
      expect(everyone.clientsAssigned).toBeGreaterThan(3);

      const feed = await cd.get("/api/activities/recent?limit=100");
      expect(feed.status).toBe(200);
      const leadsInFeed = new Set(feed.body.map((a: { leadId: string }) => a.leadId));
      expect(leadsInFeed).toEqual(new Set(mine.map((l) => l.id)));
      const partnersFeed = new Set((await partner.get("/api/activities/recent?limit=100")).body.map((a: { leadId: string }) => a.leadId));
      for (const lead of others) expect(partnersFeed).toContain(lead.id);
    });
  });
