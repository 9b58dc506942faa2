import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { calendarEventIdOf, createGoogleCalendar } from "@crm/infra/calendar/google-calendar";
import { startGoogleTestServer, type GoogleTestServer } from "@crm/infra/testing/google-test-server";
import { createSmtpMailer } from "@crm/infra/mail/smtp-mailer";
import { startSmtpTestServer, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { createReactorRunner, type ReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { userStreamId } from "@crm/contracts/user/stream";
import { meetingDecider, type MeetingCommand } from "../src/meeting/meeting.decider.ts";
import { userDecider } from "../src/user/user.decider.ts";
import { calendarReactor } from "../src/reactors/calendar.reactor.ts";
import { mailReactor } from "../src/reactors/mail.reactor.ts";
import { handleCommand } from "../src/core/command-handler.ts";
import { eachBackend, openFixture, runUntil, type OutreachFixture } from "./outreach-fixture.ts";

const MAIL_FROM = "Studio Nine <hello@studio.test>";
const retry = { maxAttempts: 2, baseDelayMs: 1, sleep: async () => undefined };

await eachBackend("Google Meet through the calendar reactor", (backend) => {
  let fx: OutreachFixture;
  let google: GoogleTestServer;
  let smtp: SmtpTestServer;
  let calendar: ReactorRunner;
  let mail: ReactorRunner;

  beforeAll(async () => {
    fx = await openFixture(backend);
    google = await startGoogleTestServer();
    smtp = await startSmtpTestServer();
    const { db } = fx.database;
    const store = fx.store;
    const log = () => undefined;
    calendar = createReactorRunner({ db, store, log, reactor: calendarReactor({ store, google: createGoogleCalendar(google.settings), jitsiLink: () => "https://meet.jit.si/crm-fallback", now: fx.now, retry, log }) });
    mail = createReactorRunner({ db, store, log, reactor: mailReactor({ store, mailer: createSmtpMailer(smtp.url, MAIL_FROM), mailFrom: MAIL_FROM, now: fx.now, retry }) });
  });
  afterAll(async () => {
    await calendar.stop();
    await mail.stop();
    await google.close();
    await smtp.close();
    await fx.database.drop();
  });

  /** A colleague with a profile, who schedules the meetings: the invites are from them. */
  const colleague = { id: randomUUID(), email: "dana@studio.test", name: "Dana Diaz" };
  async function addColleague() {
    await handleCommand(fx.store, userStreamId(colleague.id), userDecider, {
      type: "RequestAccess", userId: colleague.id, email: colleague.email, displayName: colleague.name, role: "Project Manager", approval: "operator", at: fx.now().toISOString(),
    }, { metadata: fx.metadata(colleague.id) });
  }

  async function schedule(): Promise<string> {
    if ((await fx.store.readStream(userStreamId(colleague.id))).length === 0) await addColleague();
    const leadId = await fx.createLead();
    const meetingId = randomUUID();
    const command: MeetingCommand = {
      type: "ScheduleMeeting", meetingId, leadId, title: "Strategy", kind: "general", meetingType: "google-meet", location: null,
      startTime: "2030-03-01T09:00:00.000Z", endTime: "2030-03-01T09:45:00.000Z", notes: null, attendeeEmail: "ada@example.com", conference: { provider: "google" },
    };
    await handleCommand(fx.store, meetingStreamId(meetingId), meetingDecider, command, { metadata: fx.metadata(colleague.id) });
    return meetingId;
  }
  /** The first invite mail of a meeting, by its iCalendar UID. */
  async function inviteFor(meetingId: string) {
    const find = () => smtp.received.find((m) => m.attachments.some((a) => a.content.toString().includes(`UID:${meetingId}@agency-crm`)));
    await runUntil(mail, () => find() !== undefined);
    return find()!;
  }
  const typesOf = async (meetingId: string) => (await fx.store.readStream(meetingStreamId(meetingId))).map((e) => e.type);

  it("creates the Meet, then sends the invite with its link", async () => {
    const meetingId = await schedule();
    await mail.runOnce();
    expect(await typesOf(meetingId)).toEqual(["MeetingScheduled"]); // no invite before the link exists
    await runUntil(calendar, async () => (await typesOf(meetingId)).length > 1);
    expect(await typesOf(meetingId)).toEqual(["MeetingScheduled", "MeetingConferenceCreated", "InviteRequested"]);
    const invite = await inviteFor(meetingId);
    const link = google.events.get(calendarEventIdOf(meetingId))!.hangoutLink as string;
    expect(invite!.html).toContain(link);
    expect(invite!.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString()).toContain(link);
    // Requested by the calendar reactor, yet from the colleague who scheduled it, and copied to them.
    expect(invite!.from).toMatchObject({ value: [{ name: "Dana Diaz via Studio Nine", address: "hello@studio.test" }] });
    expect(invite!.cc).toMatchObject({ value: [{ address: colleague.email }] });
    expect(invite!.text).toContain("Join the Google Meet: ");

    await handleCommand(fx.store, meetingStreamId(meetingId), meetingDecider, { type: "RescheduleMeeting", startTime: "2030-03-02T09:00:00.000Z", endTime: "2030-03-02T10:00:00.000Z" }, { metadata: fx.metadata() });
    const event = () => google.events.get(calendarEventIdOf(meetingId)) as { start: { dateTime: string } };
    await runUntil(calendar, () => event().start.dateTime === "2030-03-02T09:00:00.000Z");
  });

  it("falls back to Jitsi when Google keeps failing, so the invite still goes out", async () => {
    const meetingId = await schedule();
    google.failNext(retry.maxAttempts, 503);
    await runUntil(calendar, async () => (await typesOf(meetingId)).length > 1);
    const events = await fx.store.readStream(meetingStreamId(meetingId));
    expect(events.map((e) => e.type)).toEqual(["MeetingScheduled", "MeetingConferenceFailed", "InviteRequested"]);
    expect(events[1]!.data).toMatchObject({ fallbackLink: "https://meet.jit.si/crm-fallback" });
    const invite = await inviteFor(meetingId);
    expect(invite!.html).toContain("https://meet.jit.si/crm-fallback");
  });
});
