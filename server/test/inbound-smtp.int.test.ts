import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messageIdDigest } from "@crm/command-service/inbound/inbound-ids";
import { startSmtpIntake } from "@crm/command-service/inbound/smtp-intake";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { replyTo } from "@crm/contracts/inbound/reply";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { inboundStreamId } from "@crm/contracts/inbound/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import type { InboundSmtpListener } from "@crm/infra/mail/inbound-smtp";
import { startInboundSmtp } from "@crm/infra/mail/inbound-smtp";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { startSmtpTestServer, type ParsedMail, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs } from "../testing/sign-up-as.ts";
import { tablesContaining } from "../testing/tables-containing.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

// Issue 33, items 1, 2 and 6, over SMTP: a real client (nodemailer) sends to the listener on
// loopback, as a client's mail server would; each message lands once, on the lead it names (its
// reply address, or the mail of ours it answers), or unmatched; a duplicate adds nothing; files go
// to storage; a message for an erased lead leaves nothing personal behind. And the mail we send
// carries the lead's reply address (Reply-To, and an invite's ORGANIZER), so replies come home.

const backends = await availableBackends();
const INBOUND = "replies@mail.studio.test";
const MAIL_FROM = "Studio Nine <hello@studio.test>";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

/** Polls until check passes (the reactors run on their own). */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A mail client on loopback: plain SMTP to the listener (it offers STARTTLS with a certificate no client checks). */
const clientOf = (port: number) => nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });

describe.each(backends)("inbound mail over SMTP on %s", (backend) => {
  let app: TestApp;
  let outgoing: SmtpTestServer;
  let reactors: { stop(): Promise<void> };
  let listener: InboundSmtpListener;
  let storage: FileStorage;
  let client: nodemailer.Transporter;
  let asAda: LeadClient;
  let leadId: string;
  /** The mail we sent the lead, as its client received it. */
  let sent: ParsedMail;

  /** The inbound stream of a Message-ID: the events recorded for that message. */
  const eventsOf = (messageId: string) => app.system.store.readStream(inboundStreamId(messageIdDigest(messageId)));
  const send = (mail: nodemailer.SendMailOptions) => client.sendMail({ from: "Bob Client <Bob@Client.test>", ...mail });
  const received = (events: RecordedEvent[]) => {
    expect(events.map((e) => e.type)).toEqual(["InboundEmailReceived"]);
    return (events[0] as RecordedEvent & { type: "InboundEmailReceived" }).data;
  };

  beforeAll(async () => {
    outgoing = await startSmtpTestServer();
    app = await startTestApp(backend, {
      SMTP_URL: outgoing.url,
      MAIL_FROM,
      PUBLIC_URL: "https://crm.example",
      INBOUND_ADDRESS: INBOUND,
      INBOUND_SMTP_PORT: "0",
      INBOUND_SMTP_HOST: "127.0.0.1",
    });
    const { system } = app;
    reactors = await startMessagingReactors({
      ...{ db: system.db, store: system.store, config: system.config, now: system.now, pollMs: 100, log: () => undefined },
      retry: { maxAttempts: 3, baseDelayMs: 1, sleep: async () => undefined },
    });
    storage = openFileStorage(system.config);
    // As main.ts starts it: from the configuration, with the app's store and file storage.
    listener = (await startSmtpIntake({ config: system.config, store: system.store, storage, now: system.now }))!;
    client = clientOf(listener.port);
    asAda = clientFor(app, await signUpAs(app, { role: "Partner", displayName: "Ada Lovelace" }));
    leadId = await asAda.createLead({ name: "Bob Client", business: "Bob Co", email: "bob@client.test" });
    expect((await asAda.post(`/api/leads/${leadId}/send-email`, { subject: "Your first drafts", message: "They are ready." })).status).toBe(
      202,
    );
    const index = await eventually(
      () => outgoing.received.findIndex((m) => m.subject === "Your first drafts"),
      (i) => i >= 0,
    );
    sent = outgoing.received[index]!;
  });
  afterAll(async () => {
    client?.close();
    await listener?.close();
    await reactors?.stop();
    await app?.close();
    await outgoing?.close();
  });

  it("sends mail about a lead with the lead's reply address as Reply-To, and names it ORGANIZER of an invite", async () => {
    const replyAddress = leadReplyAddress(INBOUND, leadId);
    expect(sent.replyTo?.value).toEqual([{ name: "", address: replyAddress }]);
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@agency-crm>$/);

    const scheduled = await asAda.post("/api/meetings", {
      leadId,
      title: "Kick-off",
      meetingType: "in-person",
      location: "Studio",
      startTime: "2030-03-05T09:00:00Z",
      endTime: "2030-03-05T10:00:00Z",
    });
    expect(scheduled.status).toBe(201);
    const index = await eventually(
      () => outgoing.received.findIndex((m) => m.subject === "Invitation: Kick-off"),
      (i) => i >= 0,
    );
    const invite = outgoing.received[index]!;
    expect(invite.replyTo?.value).toEqual([{ name: "", address: replyAddress }]);
    const ics = invite.attachments.find((a) => a.contentType === "text/calendar")!.content.toString("utf8");
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
    expect(String(event.getFirstPropertyValue("organizer")).toLowerCase()).toBe(`mailto:${replyAddress}`);
  });

  it("puts a reply to the lead's reply address on the lead, once", async () => {
    const messageId = `<${uniqueWord()}@client.test>`;
    const info = await send({ to: leadReplyAddress(INBOUND, leadId), subject: "Re: Your first drafts", text: "Love them!", messageId });
    expect(info.response).toMatch(/^250 .*recorded/);
    const data = received(await eventsOf(messageId));
    expect(data).toMatchObject({
      messageId,
      channel: "smtp",
      kind: "message",
      leadId,
      matchedBy: "address",
      from: { address: "bob@client.test", name: "Bob Client" },
      subject: "Re: Your first drafts",
      attachments: [],
      bounce: null,
      rsvp: null,
    });
    expect(data.text.trim()).toBe("Love them!");
  });

  it("puts a reply to the bare inbound address on the lead of the mail it answers (In-Reply-To)", async () => {
    const messageId = `<${uniqueWord()}@client.test>`;
    const info = await send({
      to: INBOUND,
      subject: "Re: Your first drafts",
      text: "One question",
      messageId,
      inReplyTo: sent.messageId!,
      references: [sent.messageId!],
    });
    expect(info.response).toMatch(/recorded/);
    expect(received(await eventsOf(messageId))).toMatchObject({
      leadId,
      matchedBy: "thread",
      inReplyTo: sent.messageId,
      references: [sent.messageId],
    });
  });

  it("keeps a message that matches nothing, unmatched, with its file in the inbox", async () => {
    const messageId = `<${uniqueWord()}@stranger.test>`;
    const info = await send({
      from: "stranger@stranger.test",
      to: INBOUND,
      subject: "Do you do logos?",
      text: "Hello",
      messageId,
      inReplyTo: "<00000000-0000-4000-8000-000000000000@agency-crm>",
      attachments: [{ filename: "portfolio.pdf", content: PDF }],
    });
    expect(info.response).toMatch(/recorded/);
    const data = received(await eventsOf(messageId));
    expect(data).toMatchObject({ leadId: null, matchedBy: "none", subject: "Do you do logos?" });
    expect(data.attachments).toHaveLength(1);
    expect(data.attachments[0]!.key).toBe(`inbox/${data.attachments[0]!.fileId}`);
    expect(await storage.get(data.attachments[0]!.key)).toBeDefined();
  });

  it("deletes the inbox files of a message assigned to a lead when the lead is erased", async () => {
    const messageId = `<${uniqueWord()}@stranger.test>`;
    const info = await send({
      to: INBOUND,
      subject: "Our logo files",
      text: "Attached",
      messageId,
      attachments: [{ filename: "logo.pdf", content: PDF }],
    });
    expect(info.response).toMatch(/recorded/);
    const data = received(await eventsOf(messageId));
    const key = data.attachments[0]!.key;
    expect(key).toBe(`inbox/${data.attachments[0]!.fileId}`);
    const owner = await asAda.createLead({ name: "Lena Logo", business: "Logo Co", email: `${uniqueWord()}@logo.test` });
    await vi.waitFor(
      async () => expect((await asAda.get("/api/inbox")).body.map((m: { id: string }) => m.id)).toContain(data.inboundId),
      EVENTUALLY,
    );
    expect((await asAda.post(`/api/inbox/${data.inboundId}/assign`, { leadId: owner })).status).toBe(200);
    expect(await storage.get(key)).toBeDefined();
    const erased = await asAda.post(`/api/leads/${owner}/erase`, { confirmation: "Lena Logo" });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await storage.get(key)).toBeUndefined();
  });

  it("records a message sent twice once: the second is a duplicate and adds no event", async () => {
    const messageId = `<${uniqueWord()}@client.test>`;
    const mail = { to: leadReplyAddress(INBOUND, leadId), subject: "Twice", text: "Same message", messageId };
    expect((await send(mail)).response).toMatch(/recorded/);
    expect((await send(mail)).response).toMatch(/duplicate/);
    // The same Message-ID in another case is the same message.
    expect((await send({ ...mail, messageId: messageId.toUpperCase() })).response).toMatch(/duplicate/);
    expect(await eventsOf(messageId)).toHaveLength(1);
  });

  it("stores a file under the lead's folder and lists it; a part that is not an accepted file is left out", async () => {
    const messageId = `<${uniqueWord()}@client.test>`;
    await send({
      to: leadReplyAddress(INBOUND, leadId),
      subject: "The brief",
      text: "Attached",
      messageId,
      attachments: [
        { filename: "../../brief.pdf", content: PDF },
        { filename: "tool.exe", content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0xff, 0xfe]) },
      ],
    });
    const [file, ...others] = received(await eventsOf(messageId)).attachments;
    expect(others).toEqual([]);
    expect(file).toMatchObject({
      name: "brief.pdf",
      contentType: "application/pdf",
      size: PDF.length,
      key: `leads/${leadId}/${file!.fileId}`,
    });
    const object = await storage.get(file!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  });

  it("discards a message for an erased lead, keeping nothing personal of it anywhere", async () => {
    const erased = await asAda.createLead({ name: "Erin Gone", business: "Gone Co", email: "erin@gone.test" });
    expect((await asAda.post(`/api/leads/${erased}/erase`, { confirmation: "Erin Gone" })).status).toBe(200);
    const sender = `${uniqueWord()}@gone.test`;
    const subject = `Private ${uniqueWord()}`;
    const messageId = `<${uniqueWord()}@gone.test>`;
    const info = await send({
      from: sender,
      to: leadReplyAddress(INBOUND, erased),
      subject,
      text: "Personal words",
      messageId,
      attachments: [{ filename: "id.pdf", content: PDF }],
    });
    expect(info.response).toMatch(/discarded/);
    const events = await eventsOf(messageId);
    expect(events.map((e) => e.type)).toEqual(["InboundEmailDiscarded"]);
    expect(events[0]!.data).toMatchObject({ leadId: erased, reason: "lead erased" });
    expect(await tablesContaining(app.system.db, sender)).toEqual([]);
    expect(await tablesContaining(app.system.db, subject)).toEqual([]);
    expect(existsSync(path.join(app.system.config.DATA_DIR, "files", "leads", erased))).toBe(false);
    // Sent again, it is the same message: still one event.
    expect(
      (await send({ from: sender, to: leadReplyAddress(INBOUND, erased), subject, text: "Personal words", messageId })).response,
    ).toMatch(/duplicate/);
  });

  it("sends a reply in the thread with In-Reply-To and References, so the client's mail program threads it", async () => {
    const messageId = `<${uniqueWord()}@client.test>`;
    await send({
      to: leadReplyAddress(INBOUND, leadId),
      subject: "Re: Your first drafts",
      text: "And the colours?",
      messageId,
      inReplyTo: sent.messageId!,
      references: [sent.messageId!],
    });
    const answer = replyTo(received(await eventsOf(messageId)));
    expect(answer).toEqual({ subject: "Re: Your first drafts", inReplyTo: messageId, references: [sent.messageId, messageId] });
    // The request as a reply route records it (helper H8's route builds the same event).
    const id = randomUUID();
    const email = {
      messageId: id,
      leadId,
      kind: "message" as const,
      formType: null,
      to: "bob@client.test",
      html: "<p>Blue.</p>",
      text: "Blue.",
      ...answer,
    };
    const commandId = randomUUID();
    const metadata = { actor: "system", at: new Date().toISOString(), commandId, correlationId: commandId };
    await app.system.store.append(messageStreamId(id), 0, [{ type: "EmailRequested", data: email }], { commandId, metadata });
    const index = await eventually(
      () => outgoing.received.findIndex((m) => m.text?.includes("Blue.")),
      (i) => i >= 0,
    );
    const reply = outgoing.received[index]!;
    expect(reply.subject).toBe("Re: Your first drafts");
    expect(reply.inReplyTo).toBe(messageId);
    expect(reply.references).toEqual([sent.messageId, messageId]);
    expect(reply.replyTo?.value).toEqual([{ name: "", address: leadReplyAddress(INBOUND, leadId) }]);
  });

  it("puts a delivery report on the lead of the mail it returns", async () => {
    // Its own lead: the inbound reactor marks the address undeliverable, which other cases here must not meet.
    const other = await asAda.createLead({ name: "Carol Gone", business: "Carol Co", email: "carol@client.test" });
    expect((await asAda.post(`/api/leads/${other}/send-email`, { subject: "Hello Carol", message: "Hi" })).status).toBe(202);
    const index = await eventually(
      () => outgoing.received.findIndex((m) => m.subject === "Hello Carol"),
      (i) => i >= 0,
    );
    const ours = outgoing.received[index]!.messageId!;
    const messageId = `<${uniqueWord()}@mx.client.test>`;
    const report = [
      "From: Mail Delivery System <MAILER-DAEMON@mx.client.test>",
      `To: ${INBOUND}`,
      "Subject: Undelivered Mail Returned to Sender",
      `Message-ID: ${messageId}`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      "",
      "--B",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--B",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.client.test",
      "",
      "Final-Recipient: rfc822; carol@client.test",
      "Action: failed",
      "Status: 5.1.1",
      "",
      "--B",
      "Content-Type: text/rfc822-headers",
      "",
      `Message-ID: ${ours}`,
      "Subject: Hello Carol",
      "--B--",
      "",
    ].join("\r\n");
    const info = await client.sendMail({ envelope: { from: "", to: [INBOUND] }, raw: report });
    expect(info.response).toMatch(/recorded/);
    const data = received(await eventsOf(messageId));
    expect(data).toMatchObject({ kind: "bounce", leadId: other, matchedBy: "thread", attachments: [] });
    expect(data.bounce).toMatchObject({ recipient: "carol@client.test", status: "5.1.1", originalMessageId: ours });
  });

  it("refuses mail for any other address (no open relay)", async () => {
    const refused = await send({ to: "someone@elsewhere.test", subject: "Relay?", text: "x" }).catch(
      (error: unknown) => error as { responseCode?: number },
    );
    expect(refused).toMatchObject({ responseCode: 550 });
    const alsoRefused = await send({ to: "replies@studio.test", subject: "Relay?", text: "x" }).catch(
      (error: unknown) => error as { responseCode?: number },
    );
    expect(alsoRefused).toMatchObject({ responseCode: 550 });
  });
});

describe("the inbound SMTP listener's answers", () => {
  const outcomes: ("fail" | "recorded")[] = [];
  const seen: Buffer[] = [];
  let listener: InboundSmtpListener;
  let client: nodemailer.Transporter;

  beforeAll(async () => {
    listener = await startInboundSmtp({
      port: 0,
      host: "127.0.0.1",
      inboundAddress: INBOUND,
      maxBytes: 4_000,
      async sink(raw) {
        seen.push(raw);
        if (outcomes.shift() === "fail") throw new Error("database down");
        return "recorded";
      },
    });
    client = clientOf(listener.port);
  });
  afterAll(async () => {
    client?.close();
    await listener?.close();
  });

  it("answers 451 when the message could not be recorded, so the sender tries again, and 250 once it was", async () => {
    outcomes.push("fail", "recorded");
    const mail = { from: "bob@client.test", to: INBOUND, subject: "Retry", text: "x" };
    await expect(client.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
    expect((await client.sendMail(mail)).response).toMatch(/^250 .*recorded/);
  });

  it("passes the envelope's recipients with the bytes (a Bcc to a reply address still names it)", async () => {
    seen.length = 0;
    const bcc = leadReplyAddress(INBOUND, "0c1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b");
    await client.sendMail({
      from: "bob@client.test",
      to: "colleague@studio.test",
      bcc,
      subject: "Bcc",
      text: "x",
      envelope: { from: "bob@client.test", to: [bcc] },
    });
    expect(seen[0]!.toString("utf8")).toMatch(new RegExp(`^Delivered-To: ${bcc.replace(/[+.]/g, "\\$&")}\\r\\n`));
  });

  it("refuses a message over the size limit with 552 and records nothing", async () => {
    seen.length = 0;
    const big = { from: "bob@client.test", to: INBOUND, subject: "Big", text: "x".repeat(10_000) };
    await expect(client.sendMail(big)).rejects.toMatchObject({ responseCode: 552 });
    expect(seen).toEqual([]);
  });
});
