import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { startSmtpTestServer, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call, type CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const available = await availableBackends();
const START = "2030-01-31T14:00:00.000Z";
const END = "2030-01-31T15:00:00.000Z";

/** Polls until check passes (the reactors and the projector run on their own). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fieldsOf = (result: CallResult) => (result.body.errors as { field: string }[]).map((e) => e.field);

for (const backend of ["postgres", "pglite"] as const) {
  (available.includes(backend) ? describe : describe.skip)(`meetings and messages API on ${backend}`, () => {
    let app: TestApp;
    let smtp: SmtpTestServer;
    let reactors: { stop(): Promise<void> };
    let partner: SignedIn;
    let leadId: string;
    /** The first mail that matches; on a shared Postgres server, delivery can lag while other sessions hold old snapshots. */
    const mailWhere = (match: (mail: SmtpTestServer["received"][number]) => boolean) =>
      eventually(async () => smtp.received.find(match), (mail) => mail !== undefined).then((mail) => mail!);
    const as = (who: SignedIn) => ({
      get: (p: string, position?: string) => call(app, p, { bearer: who.token, ...(position ? { headers: { "X-Min-Position": position } } : {}) }),
      post: (p: string, body: unknown, headers?: Record<string, string>) => call(app, p, { method: "POST", bearer: who.token, body, ...(headers ? { headers } : {}) }),
      patch: (p: string, body: unknown) => call(app, p, { method: "PATCH", bearer: who.token, body }),
    });

    beforeAll(async () => {
      smtp = await startSmtpTestServer();
      app = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: "https://crm.example", MAIL_FROM: "Studio Nine <hello@studio.test>" });
      const { system } = app;
      reactors = await startMessagingReactors({
        db: system.db, store: system.store, config: system.config, now: system.now, pollMs: 100, log: () => undefined,
        retry: { maxAttempts: 3, baseDelayMs: 1, sleep: async () => undefined },
      });
      partner = await signUpAs(app, { role: "Partner" });
      const lead = await as(partner).post("/api/leads", { name: "Ada <b>Lovelace</b>", business: "Lovelace Co", email: "ada@example.com", phone: "+1 (555) 123-4567" });
      expect(lead.status).toBe(201);
      leadId = lead.body.id;
    });
    afterAll(async () => {
      await reactors.stop();
      await app.close();
      await smtp.close();
    });

    it("refuses bad meetings with 4xx problems naming the field", async () => {
      const base = { leadId, title: "Kick-off", type: "general", meetingType: "google-meet", location: null, startTime: START, endTime: END, notes: null };
      const cases: [object, string][] = [
        [{ ...base, endTime: "2030-01-31T14:20:00.000Z" }, "endTime"],
        [{ ...base, endTime: START }, "endTime"],
        [{ ...base, meetingType: "in-person", location: "  " }, "location"],
        [{ ...base, title: " " }, "title"],
        [{ ...base, startTime: "tomorrow" }, "startTime"],
        [{ ...base, type: "party" }, "type"],
        [{ ...base, attendeeEmail: "not-an-email" }, "attendeeEmail"],
      ];
      for (const [body, field] of cases) {
        const answer = await as(partner).post("/api/meetings", body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.headers.get("content-type")).toMatch(/problem\+json/);
        expect(fieldsOf(answer)).toContain(field);
      }
      const unknownLead = await as(partner).post("/api/meetings", { ...base, leadId: "8f14e45f-ceea-467a-9575-5a4e6f7f2b3c" });
      expect(unknownLead.status).toBe(404);
    });

    it("schedules a video meeting with a Jitsi link, invites the lead and shows it on the lead page and timeline", async () => {
      const scheduled = await as(partner).post("/api/meetings", {
        leadId, title: "Kick-off", type: "onboarding", meetingType: "google-meet", location: null,
        startTime: "2030-01-31T15:00:00+01:00", endTime: "2030-01-31T16:30:00+01:00", notes: "Agenda <tbd>", attendeeEmail: "",
      });
      expect(scheduled.status).toBe(201);
      expect(scheduled.body).toMatchObject({ leadId, startTime: START, endTime: "2030-01-31T15:30:00.000Z", attendeeEmail: "ada@example.com", conferenceProvider: "jitsi" });
      expect(scheduled.body.meetLink).toMatch(/^https:\/\/meet\.jit\.si\/crm-[a-z2-9]{20}$/);
      // X-Min-Position waits up to 2 s; a loaded machine can take longer, so poll rather than fail.
      const listed = await eventually(() => as(partner).get(`/api/meetings?leadId=${leadId}`, scheduled.body.position), (r) => r.body.length === 1);
      expect(listed.body).toEqual([expect.objectContaining({ id: scheduled.body.id, title: "Kick-off", type: "onboarding", meetLink: scheduled.body.meetLink })]);

      const invite = await mailWhere((m) => m.subject === "Invitation: Kick-off");
      expect(invite.to).toMatchObject({ text: "ada@example.com" });
      await eventually(() => as(partner).get(`/api/meetings/${scheduled.body.id}`), (r) => r.body.inviteStatus === "sent");

      const moved = await as(partner).patch(`/api/meetings/${scheduled.body.id}`, { startTime: "2030-02-01T10:00:00Z", endTime: "2030-02-01T10:45:00Z" });
      expect(moved.body).toMatchObject({ sequence: 1, startTime: "2030-02-01T10:00:00.000Z" });
      const cancelled = await as(partner).post(`/api/meetings/${scheduled.body.id}/cancel`, {});
      expect(cancelled.body).toMatchObject({ status: "cancelled", sequence: 2 });
      await mailWhere((m) => m.subject === "Updated invitation: Kick-off");
      await mailWhere((m) => m.subject === "Cancelled: Kick-off");

      const timeline = await eventually(
        () => as(partner).get(`/api/activities?leadId=${leadId}`),
        (r) => (r.body as { title: string }[]).some((a) => a.title === "Meeting cancelled: Kick-off"),
      );
      const types = (timeline.body as { type: string; title: string }[]).map((a) => `${a.type}: ${a.title}`);
      expect(types).toEqual(expect.arrayContaining(["meeting: Meeting scheduled: Kick-off", "email_sent: Meeting invite sent: Invitation: Kick-off"]));
    });

    it("sends the branded form mail composed on the server with the public link", async () => {
      const sent = await as(partner).post(`/api/leads/${leadId}/send-form`, { formType: "questionnaire", to: "client@example.com", subject: "", message: "See <you> soon" });
      expect(sent.status).toBe(202);
      expect(sent.body).toMatchObject({ status: "queued", channel: "smtp", to: "client@example.com" });
      const mail = await mailWhere((m) => JSON.stringify(m.to).includes("client@example.com") && m.subject === "Complete Your Project Questionnaire");
      // The mail carries a capability link (decisions/038): a token, never the lead id, and it opens the form.
      const url = /href="(https:\/\/crm\.example\/onboarding-form\/([A-Za-z0-9_-]{43}))"/.exec(String(mail.html));
      expect(url).not.toBeNull();
      expect(mail.html).not.toContain(leadId);
      expect(mail.text).toContain(url![1]);
      const token = url![2]!;
      expect((await call(app, `/api/questionnaire-links/${token}`)).status).toBe(200);
      const answered = await call(app, "/api/questionnaire", { method: "POST", body: { token, goals: "Sent through the mail's link" } });
      expect(answered.status).toBe(201);
      expect((await call(app, "/api/questionnaire", { method: "POST", body: { leadId, goals: "by lead id" } })).status).toBe(410);
      expect(mail.html).toContain("Hi Ada &lt;b&gt;Lovelace&lt;/b&gt;,");
      expect(mail.html).toContain("See &lt;you&gt; soon");
      expect(mail.html).toContain(`&copy; ${new Date().getUTCFullYear()} Studio Nine`);
    });

    it("keeps POST /api/send-email but needs a lead and never sends the client's HTML", async () => {
      const withoutLead = await as(partner).post("/api/send-email", { to: "client@example.com", subject: "Hi", html: "<h1>Hi</h1>" });
      expect(withoutLead.status).toBe(400);
      expect(fieldsOf(withoutLead)).toContain("leadId");
      const sent = await as(partner).post("/api/send-email", { leadId, to: "client@example.com", subject: "Welcome aboard", html: '<a href="https://evil.example">click</a>' });
      expect(sent.status).toBe(202);
      const mail = await mailWhere((m) => m.subject === "Welcome aboard");
      expect(mail.html).not.toContain("evil.example");
      expect(mail.html).not.toContain(leadId);
      const token = /\/onboarding-form\/([A-Za-z0-9_-]{43})"/.exec(String(mail.html))?.[1];
      expect((await call(app, `/api/questionnaire-links/${token}`)).status).toBe(200);
    });

    it("validates and sends an email from the lead page", async () => {
      const blank = await as(partner).post(`/api/leads/${leadId}/send-email`, { subject: "   ", message: "" });
      expect(blank.status).toBe(400);
      expect(fieldsOf(blank)).toEqual(expect.arrayContaining(["subject", "message"]));
      const sent = await as(partner).post(`/api/leads/${leadId}/send-email`, { subject: "Proposal", message: "Line one\nLine <two>" });
      expect(sent.status).toBe(202);
      const mail = await mailWhere((m) => m.subject === "Proposal");
      expect(mail.to).toMatchObject({ text: "ada@example.com" });
      expect(mail.html).toContain("Line one<br>Line &lt;two&gt;");
      expect(mail.text).toContain("Line <two>");
    });

    it("validates and sends an SMS to the outbox when Twilio is not configured", async () => {
      const tooLong = await as(partner).post(`/api/leads/${leadId}/send-sms`, { message: "x".repeat(1601) });
      expect(tooLong.status).toBe(400);
      expect(fieldsOf(tooLong)).toEqual(["message"]);
      const blank = await as(partner).post(`/api/leads/${leadId}/send-sms`, { message: "  " });
      expect(blank.body.errors).toEqual([{ field: "message", message: "Please provide a message." }]);
      const sent = await as(partner).post(`/api/leads/${leadId}/send-sms`, { message: "x".repeat(1600) });
      expect(sent.status).toBe(202);
      expect(sent.body).toMatchObject({ channel: "outbox", to: "+15551234567" });
      const folder = path.join(app.system.config.DATA_DIR, "outbox", "sms");
      const files = await eventually(() => readdir(folder).catch(() => [] as string[]), (f) => f.length === 1);
      expect(JSON.parse(await readFile(path.join(folder, files[0]!), "utf8"))).toMatchObject({ to: "+15551234567", body: "x".repeat(1600) });
      await eventually(
        () => as(partner).get(`/api/activities?leadId=${leadId}`),
        (r) => (r.body as { type: string }[]).some((a) => a.type === "sms_sent"),
      );

      const noPhone = await as(partner).post("/api/leads", { name: "Bo", business: "B", email: "bo@example.com" });
      const refused = await as(partner).post(`/api/leads/${noPhone.body.id}/send-sms`, { message: "Hi" });
      expect(refused.status).toBe(409);
    });

    it("drops a lead's meetings from the read model when the lead is archived", async () => {
      const lead = await as(partner).post("/api/leads", { name: "Cy", business: "C", email: "cy@example.com" });
      const meeting = await as(partner).post("/api/meetings", { leadId: lead.body.id, title: "Intro", meetingType: "in-person", location: "Studio", startTime: START, endTime: END });
      expect(meeting.status).toBe(201);
      await eventually(() => as(partner).get(`/api/meetings?leadId=${lead.body.id}`, meeting.body.position), (r) => r.body.length === 1);
      const archived = await as(partner).post(`/api/leads/${lead.body.id}/archive`, {});
      expect(archived.status).toBeLessThan(300);
      await eventually(() => as(partner).get(`/api/meetings?leadId=${lead.body.id}`, archived.body.position), (r) => r.body.length === 0);
      expect((await as(partner).post("/api/meetings", { leadId: lead.body.id, title: "Again", startTime: START, endTime: END })).status).toBe(404);
    });

    it("keeps Creative Directors out of meetings and messages", async () => {
      const director = await signUpAs(app, { role: "Creative Director" });
      expect((await as(director).post("/api/meetings", {})).status).toBe(403);
      expect((await as(director).get(`/api/meetings?leadId=${leadId}`)).status).toBe(403);
      expect((await as(director).post(`/api/leads/${leadId}/send-sms`, { message: "Hi" })).status).toBe(403);
    });
  });
}
