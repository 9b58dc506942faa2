import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { CommandResult } from "@crm/contracts/api/command-result";
import { EXPIRED_LINK_MESSAGE } from "@crm/contracts/client-link/client-link";
import { LEAD_ERASED, LEAD_ERASED_TITLE } from "@crm/contracts/erasure/lead-erased";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { availableBackends } from "@crm/infra/testing/test-database";
import { issueClientLink } from "../testing/client-link.ts";
import type { CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { upload } from "./creative-helpers.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";
import { submitPublic } from "./questionnaire-helpers.ts";

// Decision 039: once erased, a lead takes no new data and no message, so nothing personal can be
// written after its erasure and never be erased.

const backends = await availableBackends();

/** The number of events in the log: a refused command appends none. */
async function eventCount(app: TestApp): Promise<number> {
  const { rows } = await app.system.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events");
  return rows[0]!.n;
}

function expectErasedRefusal(result: CallResult | { status: number; body: unknown }, what: string) {
  expect(result.status, what).toBe(409);
  expect(result.body, what).toMatchObject({ status: 409, title: LEAD_ERASED_TITLE, detail: LEAD_ERASED });
}

describe.each(backends)("an erased lead on %s", (backend) => {
  let app: TestApp;
  let client: LeadClient;
  let director: SignedIn;
  let leadId: string;
  let meetingId: string;
  let taskId: string;
  let submissionId: string;
  let oldLink: string;
  let waiting: string[];
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 3_600_000);

  beforeAll(async () => {
    app = await startTestApp(backend);
    const partner = await signUpAs(app, { role: "Partner" });
    director = await signUpAs(app, { role: "Creative Director" });
    client = clientFor(app, partner);
    leadId = await client.createLead({ name: "Erin Erased", business: "Gone Co", email: "erin@example.com" });
    expect(
      (
        await client.patch(`/api/leads/${leadId}`, {
          phone: "+15551230000",
          stage: "Contract Signed",
          creativeDirectorId: director.user!.id,
        })
      ).status,
    ).toBe(200);
    const meeting = await client.post("/api/meetings", {
      leadId,
      title: "Kick-off",
      meetingType: "in-person",
      location: "Studio",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
    });
    expect(meeting.status).toBe(201);
    meetingId = meeting.body.id;
    const task = await client.post("/api/creative-tasks", { leadId, title: "Logo", description: "A logo" });
    expect(task.status).toBe(201);
    taskId = task.body.id;
    const submission = await clientFor(app, director).post("/api/content-submissions", {
      leadId,
      type: "caption",
      title: "Caption",
      caption: "Hello",
    });
    expect(submission.status).toBe(201);
    submissionId = submission.body.id;
    oldLink = (await issueClientLink(app, leadId, partner)).token;
    // Requested while no reactor runs: still waiting when the lead is erased.
    const email = await client.post(`/api/leads/${leadId}/send-email`, { subject: "Soon", message: "Waiting mail" });
    const sms = await client.post(`/api/leads/${leadId}/send-sms`, { message: "Waiting text" });
    expect([email.status, sms.status]).toEqual([202, 202]);
    waiting = [email.body.id, sms.body.id];
    expect((await client.post(`/api/leads/${leadId}/erase`, { confirmation: "Erin Erased" })).status).toBe(200);
  });
  afterAll(() => app?.close());

  it("refuses every change and every message with 409 and says why, appending nothing", async () => {
    const before = await eventCount(app);
    const secret = "new personal text";
    const refusals: [string, () => Promise<CallResult>][] = [
      ["PATCH lead", () => client.patch(`/api/leads/${leadId}`, { notes: secret })],
      ["move", () => client.post(`/api/leads/${leadId}/move`, { stage: "New Lead" })],
      ["archive", () => client.post(`/api/leads/${leadId}/archive`, { reason: secret })],
      [
        "new meeting",
        () =>
          client.post("/api/meetings", {
            leadId,
            title: secret,
            meetingType: "in-person",
            location: "Studio",
            startTime: start.toISOString(),
            endTime: end.toISOString(),
          }),
      ],
      [
        "reschedule",
        () =>
          client.patch(`/api/meetings/${meetingId}`, {
            startTime: end.toISOString(),
            endTime: new Date(end.getTime() + 3_600_000).toISOString(),
          }),
      ],
      ["cancel meeting", () => client.post(`/api/meetings/${meetingId}/cancel`, {})],
      ["send-email", () => client.post(`/api/leads/${leadId}/send-email`, { subject: secret, message: secret })],
      ["send-sms", () => client.post(`/api/leads/${leadId}/send-sms`, { message: secret })],
      ["send-form", () => client.post(`/api/leads/${leadId}/send-form`, { to: "new@example.com", message: secret })],
      ["send-email (compatible)", () => client.post("/api/send-email", { leadId, to: "new@example.com", message: secret })],
      ["assign director", () => client.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id })],
      ["new task", () => client.post("/api/creative-tasks", { leadId, title: secret, description: secret })],
      ["start task", () => client.post(`/api/creative-tasks/${taskId}/start`, {})],
      ["cancel task", () => client.post(`/api/creative-tasks/${taskId}/cancel`, { reason: secret })],
      [
        "new submission",
        () => clientFor(app, director).post("/api/content-submissions", { leadId, type: "caption", title: secret, caption: secret }),
      ],
      ["review", () => client.post(`/api/content-submissions/${submissionId}/review`, { decision: "approve", reviewNotes: secret })],
      ["new client link", () => client.post(`/api/leads/${leadId}/client-link`, {})],
    ];
    for (const [what, send] of refusals) expectErasedRefusal(await send(), what);
    expectErasedRefusal(await upload(app, director, leadId, "caption", Buffer.from(secret), "secret.txt", "text/plain"), "upload");
    // The questionnaire's link of the lead is dead (the link's own answer, decisions/038).
    const answered = await submitPublic(app, { token: oldLink, goals: secret });
    expect(answered.status).toBe(410);
    expect(answered.body.detail).toBe(EXPIRED_LINK_MESSAGE);
    expect(await eventCount(app)).toBe(before);
  });

  it("answers a second erasure 200 and appends nothing: it only completes the first", async () => {
    const events = await app.system.store.readStream(leadStreamId(leadId));
    const again = await client.post(`/api/leads/${leadId}/erase`, { confirmation: "ERASE" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: leadId, version: events.at(-1)!.streamVersion, events: 0 });
    expect(await app.system.store.readStream(leadStreamId(leadId))).toHaveLength(events.length);
    // The confirmation names the lead as it reads now, or is ERASE: nothing else is taken.
    expect((await client.post(`/api/leads/${leadId}/erase`, { confirmation: "Erin Erased" })).status).toBe(400);
    await app.system.background.idle();
  });

  it("does not send a message that was still waiting when the lead was erased", async () => {
    const { system } = app;
    const reactors = await startMessagingReactors({
      ...{ db: system.db, store: system.store, config: system.config, now: system.now, pollMs: 100, log: () => undefined },
      retry: { maxAttempts: 2, baseDelayMs: 1, sleep: async () => undefined },
    });
    try {
      const outcomes = async () => Promise.all(waiting.map(async (id) => (await system.store.readStream(messageStreamId(id))).at(-1)!));
      // Each request's last event is its outcome once the reactors answered it.
      await vi.waitFor(async () => expect((await outcomes()).map((e) => e.type)).toEqual(["EmailFailed", "SmsFailed"]), EVENTUALLY);
      const last = await outcomes();
      for (const event of last) expect((event.data as { error: string }).error).toContain(LEAD_ERASED);
      const outbox = ["mail", "sms"].flatMap((folder) => {
        try {
          return readdirSync(path.join(system.config.DATA_DIR, "outbox", folder));
        } catch {
          return [];
        }
      });
      expect(outbox).toEqual([]);
    } finally {
      await reactors.stop();
    }
  });

  it("lets the erased card leave the board once, without a reason, writing nothing personal", async () => {
    expectErasedRefusal(await client.post(`/api/leads/${leadId}/archive`, { reason: "left for a rival" }), "archive with a reason");
    const archived = await client.delete(`/api/leads/${leadId}`);
    expect(archived.status).toBe(200);
    // The answer is a CommandResult like any archive's: the browser parses it.
    expect(CommandResult.parse(archived.body)).toMatchObject({ id: leadId });
    const last = (await app.system.store.readStream(leadStreamId(leadId))).at(-1)!;
    expect(last).toMatchObject({ type: "LeadArchived", data: { leadId, name: "[erased]", business: "[erased]", reason: null } });
    // Archived leads stay readable (issue 31: the Archived view, restore); an erased one as its redacted self.
    const read = await client.get(`/api/leads/${leadId}`);
    expect(read.body).toMatchObject({ id: leadId, status: "archived", name: "[erased]", business: "[erased]" });
    expect(JSON.stringify(read.body)).not.toMatch(/@example/);
    expect((await client.delete(`/api/leads/${leadId}`)).status).toBe(404);
  });
});
