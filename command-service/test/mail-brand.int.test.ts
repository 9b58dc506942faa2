import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { createSmtpMailer } from "@crm/infra/mail/smtp-mailer";
import { createReactorRunner, type ReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { startSmtpTestServer, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { handleCommand } from "../src/core/command-handler.ts";
import { meetingDecider } from "../src/meeting/meeting.decider.ts";
import { mailReactor } from "../src/reactors/mail.reactor.ts";
import { settingsDecider } from "../src/settings/settings.decider.ts";
import { eachBackend, openFixture, runUntil, type OutreachFixture } from "./outreach-fixture.ts";

const MAIL_FROM = "Studio Nine <hello@studio.test>";
const fastRetry = { maxAttempts: 2, baseDelayMs: 1, sleep: async () => undefined };

await eachBackend("mail brand from the agency's settings", (backend) => {
  let fx: OutreachFixture;
  let smtp: SmtpTestServer;
  let runner: ReactorRunner;

  beforeAll(async () => {
    fx = await openFixture(backend);
    smtp = await startSmtpTestServer();
    const reactor = mailReactor({
      store: fx.store,
      mailer: createSmtpMailer(smtp.url, MAIL_FROM),
      mailFrom: MAIL_FROM,
      publicUrl: "https://crm.example",
      now: fx.now,
      retry: fastRetry,
    });
    runner = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, log: () => undefined });
  });
  afterAll(async () => {
    await runner.stop();
    await smtp.close();
    await fx.database.drop();
  });

  const invite = async (leadId: string, title: string) => {
    const meetingId = randomUUID();
    await handleCommand(
      fx.store,
      meetingStreamId(meetingId),
      meetingDecider,
      {
        type: "ScheduleMeeting",
        meetingId,
        leadId,
        title,
        kind: "general",
        meetingType: "in-person",
        location: "Studio",
        startTime: "2030-01-31T14:00:00.000Z",
        endTime: "2030-01-31T15:00:00.000Z",
        notes: null,
        attendeeEmail: "ada@example.com",
        conference: null,
      },
      { metadata: fx.metadata() },
    );
  };
  const mailOf = async (subject: string) => {
    await runUntil(runner, () => smtp.received.some((m) => m.subject === subject));
    return smtp.received.find((m) => m.subject === subject)!;
  };

  it("sends each mail with the settings in force when it was asked for, whenever it goes out", async () => {
    const leadId = await fx.createLead({ name: "Ada" });
    await invite(leadId, "Before");
    // The settings change after the first request and before the reactor gets to it.
    const logo = { key: `settings/logo/${randomUUID()}`, contentType: "image/png", size: 10 };
    await handleCommand(
      fx.store,
      SETTINGS_STREAM_ID,
      settingsDecider,
      {
        type: "ChangeSettings",
        changes: { agencyName: "Later & Co", senderName: "Ada at Later", replyTo: "replies@later.test" },
        defaultName: "Studio Nine",
      },
      { metadata: fx.metadata() },
    );
    await handleCommand(fx.store, SETTINGS_STREAM_ID, settingsDecider, { type: "SetLogo", logo }, { metadata: fx.metadata() });
    await invite(leadId, "After");

    const before = await mailOf("Invitation: Before");
    expect(before.from?.value).toEqual([{ name: "Studio Nine", address: "hello@studio.test" }]);
    expect(before.replyTo).toBeUndefined();
    expect(before.html).toContain("Studio Nine");
    expect(before.html).not.toContain("<img");

    const after = await mailOf("Invitation: After");
    expect(after.from?.value).toEqual([{ name: "Ada at Later", address: "hello@studio.test" }]);
    expect(after.replyTo?.value).toEqual([{ name: "", address: "replies@later.test" }]);
    expect(after.html).toContain("Later &amp; Co");
    expect(after.html).toContain(`<img src="https://crm.example/api/branding/logo?v=${logo.key.split("/").pop()}"`);
  });
});
