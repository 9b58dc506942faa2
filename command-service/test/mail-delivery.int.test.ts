import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import { createSmtpMailer } from "@crm/infra/mail/smtp-mailer";
import { startSmtpTestServer, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { createReactorRunner, type ReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { meetingDecider, type MeetingCommand } from "../src/meeting/meeting.decider.ts";
import { messageDecider } from "../src/messaging/message.decider.ts";
import { composeFormEmail } from "../src/messaging/templates/form-email.ts";
import { mailReactor } from "../src/reactors/mail.reactor.ts";
import { handleCommand } from "../src/core/command-handler.ts";
import { eachBackend, openFixture, runUntil, type OutreachFixture } from "./outreach-fixture.ts";

const MAIL_FROM = "Studio Nine <hello@studio.test>";
/** A client link token (decisions/038): 43 base64url characters. */
const TOKEN = "q3Zt0mYk8vJx2Hc7Lw5Rb1Ns9Pd4Fg6Ae0Ui3Ko7Ty2";
const fastRetry = { maxAttempts: 4, baseDelayMs: 1, sleep: async () => undefined };
const calendarPart = (mail: { attachments: { contentType: string; content: Buffer }[] }) =>
  mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content.toString("utf8") ?? "";
/** iCalendar lines are folded at 75 octets: unfold before matching. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");

await eachBackend("mail delivery", (backend) => {
  let fx: OutreachFixture;
  let smtp: SmtpTestServer;
  let runner: ReactorRunner;
  const streamOf = (id: string) => fx.store.readStream(id);

  beforeAll(async () => {
    fx = await openFixture(backend);
    smtp = await startSmtpTestServer();
    const mailer = createSmtpMailer(smtp.url, MAIL_FROM);
    runner = createReactorRunner({ db: fx.database.db, store: fx.store, reactor: mailReactor({ store: fx.store, mailer, mailFrom: MAIL_FROM, now: fx.now, retry: fastRetry }), log: () => undefined });
  });
  afterAll(async () => {
    await runner.stop();
    await smtp.close();
    await fx.database.drop();
  });

  const meeting = (meetingId: string, command: MeetingCommand) =>
    handleCommand(fx.store, meetingStreamId(meetingId), meetingDecider, command, { metadata: fx.metadata() });

  it("sends an iCalendar REQUEST, an update with a higher SEQUENCE and a CANCEL, all with one UID", async () => {
    const leadId = await fx.createLead({ name: "Ada <b>Lovelace</b>" });
    const meetingId = randomUUID();
    const before = smtp.received.length;
    await meeting(meetingId, {
      type: "ScheduleMeeting", meetingId, leadId, title: "Kick-off <script>alert(1)</script>", kind: "general", meetingType: "google-meet",
      location: null, startTime: "2030-01-31T14:00:00.000Z", endTime: "2030-01-31T15:00:00.000Z", notes: "Bring <i>ideas</i> & coffee",
      attendeeEmail: "ada@example.com", conference: { provider: "jitsi", joinLink: "https://meet.jit.si/crm-testroom" },
    });
    await runUntil(runner, () => smtp.received.length >= before + 1);
    const [invite] = smtp.received.slice(before);
    const ics = unfold(calendarPart(invite!));
    expect(ics).toMatch(/^METHOD:REQUEST$/m);
    expect(ics).toContain(`UID:${meetingId}@agency-crm`);
    expect(ics).toMatch(/^SEQUENCE:0$/m);
    expect(ics).toMatch(/^DTSTART:20300131T140000Z$/m);
    expect(ics).toMatch(/^DTEND:20300131T150000Z$/m);
    expect(ics).toMatch(/^ORGANIZER;CN="?Studio Nine"?:mailto:hello@studio.test$/m);
    expect(ics).toMatch(/^ATTENDEE;[^\n]*RSVP=TRUE[^\n]*:MAILTO:ada@example.com$/im);
    expect(ics).toContain("https://meet.jit.si/crm-testroom");
    expect(invite!.html).toContain("Kick-off &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(invite!.html).not.toContain("<script>");
    expect(invite!.html).toContain("Hi Ada &lt;b&gt;Lovelace&lt;/b&gt;,");
    expect(invite!.html).toContain("Bring &lt;i&gt;ideas&lt;/i&gt; &amp; coffee");
    expect(invite!.text).toContain("Kick-off <script>alert(1)</script>");

    await meeting(meetingId, { type: "RescheduleMeeting", startTime: "2030-02-01T10:00:00.000Z", endTime: "2030-02-01T10:30:00.000Z" });
    await meeting(meetingId, { type: "CancelMeeting" });
    await runUntil(runner, () => smtp.received.length >= before + 3);
    const [update, cancel] = smtp.received.slice(before + 1);
    const updated = unfold(calendarPart(update!));
    expect(updated).toMatch(/^METHOD:REQUEST$/m);
    expect(updated).toMatch(/^SEQUENCE:1$/m);
    expect(updated).toMatch(/^DTSTART:20300201T100000Z$/m);
    expect(updated).toContain(`UID:${meetingId}@agency-crm`);
    expect(update!.subject).toBe("Updated invitation: Kick-off <script>alert(1)</script>");
    const cancelled = unfold(calendarPart(cancel!));
    expect(cancelled).toMatch(/^METHOD:CANCEL$/m);
    expect(cancelled).toMatch(/^SEQUENCE:2$/m);
    expect(cancelled).toMatch(/^STATUS:CANCELLED$/m);
    expect(cancelled).toContain(`UID:${meetingId}@agency-crm`);

    const outcomes = (await streamOf(meetingStreamId(meetingId))).filter((e) => e.type === "EmailSent");
    expect(outcomes).toHaveLength(3);
  });

  it("sends the branded form mail with the lead's link and every piece of user text escaped", async () => {
    const leadId = await fx.createLead({ name: "Bob & <Co>" });
    const before = smtp.received.length;
    const mail = composeFormEmail({
      formType: "onboarding", recipientName: "Bob & <Co>", message: 'Welcome!\n<img src=x onerror="alert(1)">',
      formUrl: `https://crm.example/onboarding-form/${TOKEN}`, brand: { name: "Studio Nine", year: 2030 }, sender: null,
    });
    const messageId = randomUUID();
    await handleCommand(fx.store, messageStreamId(messageId), messageDecider, {
      type: "RequestEmail", email: { messageId, leadId, kind: "form", formType: "onboarding", to: "bob@example.com", ...mail },
    }, { metadata: fx.metadata() });
    await runUntil(runner, () => smtp.received.length >= before + 1);
    const [received] = smtp.received.slice(before);
    expect(received!.subject).toBe("Complete Your Onboarding Questionnaire");
    expect(received!.html).toContain(`href="https://crm.example/onboarding-form/${TOKEN}"`);
    expect(received!.text).toContain(`https://crm.example/onboarding-form/${TOKEN}`);
    expect(received!.html).toContain("Hi Bob &amp; &lt;Co&gt;,");
    expect(received!.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(received!.html).not.toMatch(/<img/i);
    expect(received!.html).toContain("<li>");
    expect(received!.html).toContain("&copy; 2030 Studio Nine");
    const [, outcome] = await streamOf(messageStreamId(messageId));
    expect(outcome).toMatchObject({ type: "EmailSent", data: { kind: "form", to: "bob@example.com", transport: "smtp", attempts: 1 } });
  });

  async function requestMessage(leadId: string, to = "ada@example.com") {
    const messageId = randomUUID();
    await handleCommand(fx.store, messageStreamId(messageId), messageDecider, {
      type: "RequestEmail", email: { messageId, leadId, kind: "message", formType: null, to, subject: "Hello", html: "<p>Hi</p>", text: "Hi" },
    }, { metadata: fx.metadata() });
    return messageId;
  }
  const outcomesOf = async (messageId: string) => (await streamOf(messageStreamId(messageId))).filter((e: RecordedEvent) => e.type !== "EmailRequested");

  it("retries a temporary failure and appends exactly one EmailSent", async () => {
    const messageId = await requestMessage(await fx.createLead());
    const before = smtp.received.length;
    smtp.rejectNext(2, 451);
    await runUntil(runner, async () => (await outcomesOf(messageId)).length > 0);
    expect(smtp.received.length).toBe(before + 1);
    const outcomes = await outcomesOf(messageId);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ type: "EmailSent", data: { attempts: 3 } });
  });

  it("gives up at once on a permanent failure with one EmailFailed", async () => {
    const messageId = await requestMessage(await fx.createLead(), "nobody@example.com");
    smtp.rejectNext(1, 550, "No such user");
    await runUntil(runner, async () => (await outcomesOf(messageId)).length > 0);
    const outcomes = await outcomesOf(messageId);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ type: "EmailFailed", data: { attempts: 1, to: "nobody@example.com" } });
    expect((outcomes[0]!.data as { error: string }).error).toMatch(/No such user/);
  });

  it("does not resend what has an outcome when it starts again from the beginning of the log", async () => {
    const messageId = await requestMessage(await fx.createLead());
    await runUntil(runner, async () => (await outcomesOf(messageId)).length > 0);
    const outcomePosition = (await outcomesOf(messageId))[0]!.position;
    await fx.database.db.query("UPDATE reactor_checkpoints SET position = $1, owner = NULL WHERE name = 'mail'", ["00000000000000000000-00000000000000000000"]);
    const before = smtp.received.length;
    const restarted = createReactorRunner({ db: fx.database.db, store: fx.store, reactor: mailReactor({ store: fx.store, mailer: createSmtpMailer(smtp.url, MAIL_FROM), mailFrom: MAIL_FROM, now: fx.now, retry: fastRetry }), log: () => undefined });
    await runner.stop(); // the first process is gone; its lease is released
    const checkpoint = async () => (await fx.database.db.query<{ position: string }>("SELECT position FROM reactor_checkpoints WHERE name = 'mail'")).rows[0]!.position;
    await runUntil(restarted, async () => (await checkpoint()) >= outcomePosition);
    expect(smtp.received.length).toBe(before);
    expect(await outcomesOf(messageId)).toHaveLength(1);
    runner = restarted;
  });
});
