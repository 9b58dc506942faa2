import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { toNodemailerMessage } from "../src/mail/mailer.ts";
import { parseInbound } from "../src/mail/parse-inbound.ts";

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
const compose = async (mail: nodemailer.SendMailOptions) => (await composer.sendMail(mail)).message as Buffer;

/** A delivery status notification as a receiving server writes one (RFC 3464), with the returned headers. */
const DSN = [
  "From: Mail Delivery System <MAILER-DAEMON@mx.client.test>",
  "To: Replies@Mail.Agency.test",
  "Subject: Undelivered Mail Returned to Sender",
  "Message-ID: <dsn-1@mx.client.test>",
  "Date: Thu, 26 Nov 2026 10:00:00 +0000",
  "MIME-Version: 1.0",
  'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
  "",
  "--B",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Your message could not be delivered.",
  "--B",
  "Content-Type: message/delivery-status",
  "",
  "Reporting-MTA: dns; mx.client.test",
  "",
  "Final-Recipient: rfc822; gone@client.test",
  "Action: failed",
  "Status: 5.1.1",
  "",
  "--B",
  "Content-Type: message/rfc822",
  "",
  "Message-ID: <11111111-2222-4333-8444-555555555555@agency-crm>",
  "Subject: Your drafts",
  "",
  "The drafts.",
  "--B--",
  "",
].join("\r\n");

describe("parseInbound (issue 33)", () => {
  it("reads the headers it matches and threads by, in lower case, and the envelope's recipients", async () => {
    const raw = await compose({
      from: "Bob Client <Bob@Client.TEST>",
      to: "Replies+LABC@Mail.Agency.test",
      cc: ["Ada <ADA@agency.test>"],
      subject: "Re: Your drafts",
      text: "Looks good!\n\n> quoted",
      messageId: "<Reply-1@client.test>",
      inReplyTo: "<a@agency-crm>",
      references: ["<root@agency-crm>", "<a@agency-crm>"],
      date: new Date("2026-11-26T09:30:00Z"),
      headers: [
        { key: "Delivered-To", value: "Replies+lone@mail.agency.test" },
        { key: "Delivered-To", value: "Other@Mail.Agency.test" },
        { key: "X-Original-To", value: "<Replies@mail.agency.test>" },
      ],
    });
    const mail = await parseInbound(Buffer.concat([Buffer.from("Delivered-To: Envelope@Mail.Agency.test\r\n"), raw]));
    expect(mail).toMatchObject({
      messageId: "<Reply-1@client.test>",
      from: { address: "bob@client.test", name: "Bob Client" },
      to: ["replies+labc@mail.agency.test", "ada@agency.test"],
      subject: "Re: Your drafts",
      date: "2026-11-26T09:30:00.000Z",
      inReplyTo: "<a@agency-crm>",
      references: ["<root@agency-crm>", "<a@agency-crm>"],
      contentType: "text/plain",
      reportType: null,
      parts: [],
    });
    expect(mail.text.trim()).toBe("Looks good!\n\n> quoted");
    expect(mail.envelopeTo.sort()).toEqual([
      "envelope@mail.agency.test",
      "other@mail.agency.test",
      "replies+lone@mail.agency.test",
      "replies@mail.agency.test",
    ]);
  });

  it("keeps the text of an HTML-only message, and no HTML", async () => {
    const raw = await compose({
      from: "a@b.test",
      to: "c@d.test",
      subject: "Hi",
      html: "<p>Hello <b>there</b></p><script>alert(1)</script>",
    });
    const mail = await parseInbound(raw);
    expect(mail.text).toContain("Hello there");
    expect(mail.text).not.toMatch(/<|alert/);
    expect(mail.messageId).toMatch(/^<.+>$/);
    expect(mail.inReplyTo).toBeNull();
    expect(mail.references).toEqual([]);
  });

  it("keeps every non-body part: files and the calendar answer, with their parameters", async () => {
    const raw = await compose({
      from: "a@b.test",
      to: "c@d.test",
      subject: "Files",
      text: "See attached",
      attachments: [{ filename: "brief.pdf", content: Buffer.from("%PDF-1.4 brief") }],
      icalEvent: { method: "REPLY", content: "BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nEND:VCALENDAR" },
    });
    const mail = await parseInbound(raw);
    expect(mail.text.trim()).toBe("See attached");
    const pdf = mail.parts.find((p) => p.filename === "brief.pdf");
    expect(pdf?.contentType).toBe("application/pdf");
    expect(pdf?.content.toString()).toBe("%PDF-1.4 brief");
    const calendar = mail.parts.find((p) => p.contentType === "text/calendar");
    expect(calendar?.params.method).toBe("REPLY");
    expect(calendar?.content.toString()).toContain("METHOD:REPLY");
  });

  it("keeps a delivery report's status and returned message as parts, out of the text", async () => {
    const mail = await parseInbound(Buffer.from(DSN));
    expect(mail.contentType).toBe("multipart/report");
    expect(mail.reportType).toBe("delivery-status");
    expect(mail.to).toEqual(["replies@mail.agency.test"]);
    expect(mail.text.trim()).toBe("Your message could not be delivered.");
    expect(mail.parts.map((p) => p.contentType)).toEqual(["message/delivery-status", "message/rfc822"]);
    expect(mail.parts[0]!.content.toString()).toContain("Status: 5.1.1");
    expect(mail.parts[1]!.content.toString()).toContain("<11111111-2222-4333-8444-555555555555@agency-crm>");
  });

  it("reads back the threading headers of a reply we send (toNodemailerMessage)", async () => {
    const ours = { to: "bob@client.test", subject: "Re: Drafts", html: "<p>Blue</p>", text: "Blue", messageId: "<r@agency-crm>" };
    const threaded = await parseInbound(
      await compose(
        toNodemailerMessage("hello@studio.test", {
          ...ours,
          inReplyTo: "<c@client.test>",
          references: ["<a@agency-crm>", "<c@client.test>"],
        }),
      ),
    );
    expect(threaded).toMatchObject({ inReplyTo: "<c@client.test>", references: ["<a@agency-crm>", "<c@client.test>"] });
    const plain = await parseInbound(await compose(toNodemailerMessage("hello@studio.test", ours)));
    expect(plain).toMatchObject({ messageId: "<r@agency-crm>", inReplyTo: null, references: [] });
  });

  it("reads a message without Message-ID or Date as having none", async () => {
    const mail = await parseInbound(Buffer.from("From: a@b.test\r\nTo: c@d.test\r\nSubject: bare\r\n\r\nhello\r\n"));
    expect(mail.messageId).toBeNull();
    expect(mail.date).toBeNull();
    expect(mail.text.trim()).toBe("hello");
  });
});
