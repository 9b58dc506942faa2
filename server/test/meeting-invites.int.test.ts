import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { startSmtpTestServer, type ParsedMail, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const available = await availableBackends();
/** The organiser's name, with a quote, a semicolon, a comma and letters outside Latin-1 (RFC 6868). */
const COLLEAGUE = `Zoë "Z" O'Brien; CEO, 北京`;
/** A lead's name written to end the CN and start an address of its own. */
const CRAFTED = 'x" mailto:evil@example.com;';

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

const calendarOf = (mail: ParsedMail) => {
  const parts = mail.attachments.filter((a) => a.contentType === "text/calendar");
  expect(parts).toHaveLength(1);
  return parts[0]!.content.toString("utf8");
};

/** What ical.js reads of an invite or a feed. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const person = (p: ICAL.Property) => ({ cn: p.getParameter("cn"), address: String(p.getFirstValue()).toLowerCase() });
  const events = calendar.getAllSubcomponents("vevent").map((v) => ({
    uid: v.getFirstPropertyValue("uid"),
    sequence: v.getFirstPropertyValue("sequence"),
    start: (v.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (v.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    description: String(v.getFirstPropertyValue("description")),
    organizer: v.getFirstProperty("organizer") ? person(v.getFirstProperty("organizer")!) : null,
    attendees: v.getAllProperties("attendee").map(person),
  }));
  return { method: calendar.getFirstPropertyValue("method"), events };
}

for (const backend of ["postgres", "pglite"] as const) {
  (available.includes(backend) ? describe : describe.skip)(`meeting invites and calendar feeds on ${backend}`, () => {
    let app: TestApp;
    let smtp: SmtpTestServer;
    let reactors: { stop(): Promise<void> };
    let partner: SignedIn;
    let leadId: string;
    const mailWhere = (match: (mail: ParsedMail) => boolean) =>
      eventually(
        async () => smtp.received.find(match),
        (mail) => mail !== undefined,
      ).then((mail) => mail!);
    const as = (who: SignedIn) => ({
      get: (p: string) => call(app, p, { bearer: who.token }),
      post: (p: string, body?: unknown) => call(app, p, { method: "POST", bearer: who.token, body }),
      patch: (p: string, body: unknown) => call(app, p, { method: "PATCH", bearer: who.token, body }),
      delete: (p: string) => call(app, p, { method: "DELETE", bearer: who.token }),
    });

    beforeAll(async () => {
      smtp = await startSmtpTestServer();
      app = await startTestApp(backend, {
        SMTP_URL: smtp.url,
        PUBLIC_URL: "https://crm.example",
        MAIL_FROM: "Studio Nine <hello@studio.test>",
      });
      const { system } = app;
      reactors = await startMessagingReactors({
        db: system.db,
        store: system.store,
        config: system.config,
        now: system.now,
        pollMs: 100,
        log: () => undefined,
        retry: { maxAttempts: 3, baseDelayMs: 1, sleep: async () => undefined },
      });
      partner = await signUpAs(app, { role: "Partner", displayName: COLLEAGUE });
      expect((await as(partner).patch("/api/profile", { timeZone: "Europe/Berlin" })).status).toBe(200);
      const lead = await as(partner).post("/api/leads", { name: CRAFTED, business: "Evil Co", email: "ada@example.com" });
      expect(lead.status).toBe(201);
      leadId = lead.body.id;
    });
    afterAll(async () => {
      await reactors.stop();
      await app.close();
      await smtp.close();
    });

    it("names the video provider that is configured", async () => {
      expect((await as(partner).get("/api/calendar/config")).body).toEqual({ videoProvider: "jitsi" });
    });

    it("invites the lead and the organiser in one mail from the colleague, stating the zone, with exact names and addresses", async () => {
      const scheduled = await as(partner).post("/api/meetings", {
        leadId,
        title: "Kick-off",
        meetingType: "google-meet",
        startTime: "2030-03-05T09:00:00Z",
        endTime: "2030-03-05T10:00:00Z",
      });
      expect(scheduled.status).toBe(201);
      const id = scheduled.body.id as string;
      const invite = await mailWhere((m) => m.subject === "Invitation: Kick-off");
      expect(invite.to).toMatchObject({ value: [{ address: "ada@example.com" }] });
      expect(invite.cc).toMatchObject({ value: [{ address: partner.email }] });
      expect(invite.from).toMatchObject({ value: [{ name: `${COLLEAGUE} via Studio Nine`, address: "hello@studio.test" }] });
      expect(invite.text).toContain("Mar 5, 2030, 10:00 AM – 11:00 AM (Europe/Berlin)");
      expect(invite.text).toContain("Join the Jitsi video call: https://");
      expect(`${invite.text}${invite.html}`).not.toContain("Google Meet");
      // One text/calendar part, and at most one .ics attachment.
      const ics = calendarOf(invite);
      expect(
        invite.attachments.filter((a) => a.filename?.endsWith(".ics") || a.contentType === "application/ics").length,
      ).toBeLessThanOrEqual(1);

      const parsed = read(ics);
      expect(parsed.method).toBe("REQUEST");
      expect(parsed.events).toHaveLength(1);
      const [event] = parsed.events;
      expect(event).toMatchObject({
        uid: `${id}@agency-crm`,
        sequence: 0,
        start: "2030-03-05T09:00:00.000Z",
        end: "2030-03-05T10:00:00.000Z",
      });
      expect(event!.organizer).toEqual({ cn: `${COLLEAGUE} via Studio Nine`, address: "mailto:hello@studio.test" });
      expect(event!.attendees).toEqual([
        { cn: CRAFTED, address: "mailto:ada@example.com" },
        { cn: COLLEAGUE, address: `mailto:${partner.email}` },
      ]);
      expect(event!.description).toContain("Jitsi video call");

      // Reschedule: an update with a higher SEQUENCE; cancel: a CANCEL with a higher one still, both to both.
      const moved = await as(partner).patch(`/api/meetings/${id}`, { startTime: "2030-03-06T09:00:00Z", endTime: "2030-03-06T10:00:00Z" });
      expect(moved.body).toMatchObject({ sequence: 1 });
      const update = await mailWhere((m) => m.subject === "Updated invitation: Kick-off");
      expect(read(calendarOf(update))).toMatchObject({
        method: "REQUEST",
        events: [{ uid: `${id}@agency-crm`, sequence: 1, start: "2030-03-06T09:00:00.000Z" }],
      });
      expect(update.text).toContain("Mar 6, 2030, 10:00 AM – 11:00 AM (Europe/Berlin)");
      expect((await as(partner).post(`/api/meetings/${id}/cancel`, {})).body).toMatchObject({ status: "cancelled", sequence: 2 });
      const cancel = await mailWhere((m) => m.subject === "Cancelled: Kick-off");
      expect(read(calendarOf(cancel))).toMatchObject({ method: "CANCEL", events: [{ uid: `${id}@agency-crm`, sequence: 2 }] });
      expect(cancel.cc).toMatchObject({ value: [{ address: partner.email }] });
    });

    it("serves the colleague's meetings in a secret feed that can be renewed and turned off", async () => {
      expect((await as(partner).get("/api/calendar/feed")).body).toMatchObject({ active: false, createdAt: null });
      const issued = await as(partner).post("/api/calendar/feed");
      expect(issued.status).toBe(201);
      const path = issued.body.path as string;
      expect(path).toMatch(/^\/api\/calendar\/feeds\/[a-z2-7]{32}\.ics$/);
      expect((await as(partner).get("/api/calendar/feed")).body).toMatchObject({ active: true, createdAt: issued.body.createdAt });

      const kept = await as(partner).post("/api/meetings", {
        leadId,
        title: "Design review",
        meetingType: "in-person",
        location: "Studio, Berlin",
        startTime: "2030-04-01T08:00:00Z",
        endTime: "2030-04-01T08:30:00Z",
      });
      expect(kept.status).toBe(201);
      const other = await signUpAs(app, { role: "Project Manager" });
      const theirs = await as(other).post("/api/meetings", {
        leadId,
        title: "Not mine",
        meetingType: "in-person",
        location: "Cafe",
        startTime: "2030-04-02T08:00:00Z",
        endTime: "2030-04-02T08:30:00Z",
      });
      expect(theirs.status).toBe(201);

      // Public: the token is the credential. The cancelled Kick-off is left out, the other colleague's meeting too.
      const feed = await eventually(
        () => call(app, path),
        (r) => r.status === 200 && String(r.body).includes(`${kept.body.id}@agency-crm`),
      );
      expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
      expect(feed.headers.get("cache-control")).toMatch(/max-age=\d+/);
      const events = read(feed.body as string).events;
      expect(events).toEqual([
        expect.objectContaining({
          uid: `${kept.body.id}@agency-crm`,
          sequence: 0,
          start: "2030-04-01T08:00:00.000Z",
          end: "2030-04-01T08:30:00.000Z",
        }),
      ]);
      const etag = feed.headers.get("etag")!;
      expect((await call(app, path, { headers: { "if-none-match": etag } })).status).toBe(304);

      const renewed = await as(partner).post("/api/calendar/feed");
      expect(renewed.body.path).not.toBe(path);
      expect((await call(app, path)).status).toBe(404);
      expect((await call(app, renewed.body.path as string)).status).toBe(200);
      expect((await as(partner).delete("/api/calendar/feed")).status).toBe(204);
      expect((await call(app, renewed.body.path as string)).status).toBe(404);
      expect((await as(partner).get("/api/calendar/feed")).body).toMatchObject({ active: false });

      const bad = await call(app, "/api/calendar/feeds/not-a-token");
      expect(bad.status).toBe(400);
      expect(bad.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toContain("file");
    });
  });
}
