import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseInbound } from "@crm/infra/mail/parse-inbound";
import { classifyInbound } from "../src/inbound/classify.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/inbound/${name}`, import.meta.url));

/** A raw message read as the intake reads it (infra/src/mail/parse-inbound.ts). */
const parsed = (raw: string | Buffer) => parseInbound(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));

const MEETING = "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b";

/** An attendee's answer as Thunderbird and Google send it: a text/calendar part with METHOD:REPLY, beside a text part. */
function rsvpMail(partstat: string, options: { method?: string; sequence?: number } = {}): string {
  const ics = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${options.method ?? "REPLY"}`,
    "BEGIN:VEVENT",
    "DTSTART:20261203T100000Z",
    "DTEND:20261203T110000Z",
    "DTSTAMP:20261127T090000Z",
    "ORGANIZER;CN=Agency:mailto:replies@mail.agency.test",
    `UID:${MEETING}@agency-crm`,
    `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat};CN=Ana Diaz;X-NUM-GUESTS=0:mailto:Ana@Client.test`,
    `SEQUENCE:${options.sequence ?? 1}`,
    "SUMMARY:Kickoff",
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
  return [
    "From: Ana Diaz <ana@client.test>",
    "To: replies+l0c1a2b3c4d5e6f708192a3b4c5d6e7f8@mail.agency.test",
    `Subject: ${partstat === "ACCEPTED" ? "Accepted" : partstat === "DECLINED" ? "Declined" : "Tentatively accepted"}: Kickoff`,
    "Message-ID: <CAF+rsvp-0001@mail.gmail.test>",
    "Date: Fri, 27 Nov 2026 09:10:00 +0000",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    'Content-Type: multipart/alternative; boundary="b2"',
    "",
    "--b2",
    "Content-Type: text/plain; charset=UTF-8",
    "",
    "Ana Diaz has answered your invitation.",
    "--b2",
    `Content-Type: text/calendar; charset=UTF-8; method=${options.method ?? "REPLY"}`,
    "Content-Transfer-Encoding: 7bit",
    "",
    ics,
    "--b2--",
    "--b1--",
    "",
  ].join("\r\n");
}

describe("classifyInbound", () => {
  it("reads a Postfix bounce: the failed recipient, its status, the diagnostic and our Message-ID", async () => {
    expect(classifyInbound(await parsed(fixture("postfix-bounce.eml")))).toEqual({
      kind: "bounce",
      bounce: {
        recipient: "ana@client.test",
        status: "5.1.1",
        reason: "550 5.1.1 <ana@client.test>: Recipient address rejected: User unknown in virtual mailbox table",
        originalMessageId: "<7d3c5e1a-9f2b-4c61-8a0e-2b1f3c4d5e6f@agency.test>",
      },
    });
  });

  it("reads the report from the text when a parser merged the message/delivery-status part into it", async () => {
    const mail = await parsed(fixture("postfix-bounce.eml"));
    const report = mail.parts.find((p) => p.contentType === "message/delivery-status");
    expect(report).toBeDefined();
    const merged = { ...mail, text: `${mail.text}\n\n${report!.content.toString("utf8")}`, parts: mail.parts.filter((p) => p !== report) };
    expect(classifyInbound(merged)).toEqual(classifyInbound(mail));
  });

  it("classifies a delay (4.x.x) as a bounce with its status, the returned message/rfc822 giving the Message-ID", async () => {
    expect(classifyInbound(await parsed(fixture("delayed.eml")))).toEqual({
      kind: "bounce",
      bounce: {
        recipient: "bo@slow.test",
        status: "4.4.1",
        reason: "delayed (4.4.1)",
        originalMessageId: "<1b2c3d4e-0000-4000-8000-000000000009@agency.test>",
      },
    });
  });

  it.each([
    ["ACCEPTED", "accepted"],
    ["DECLINED", "declined"],
    ["TENTATIVE", "tentative"],
  ] as const)("reads an iTIP REPLY with PARTSTAT=%s", async (partstat, response) => {
    expect(classifyInbound(await parsed(rsvpMail(partstat, { sequence: 2 })))).toEqual({
      kind: "rsvp",
      rsvp: { uid: `${MEETING}@agency-crm`, attendee: "ana@client.test", response, sequence: 2 },
    });
  });

  it("keeps a plain reply as a message", async () => {
    const raw = [
      "From: Ana Diaz <ana@client.test>",
      "To: replies+l0c1a2b3c4d5e6f708192a3b4c5d6e7f8@mail.agency.test",
      "Subject: Re: Your proposal",
      "Message-ID: <reply-1@client.test>",
      "In-Reply-To: <7d3c5e1a-9f2b-4c61-8a0e-2b1f3c4d5e6f@agency.test>",
      "Date: Fri, 27 Nov 2026 09:20:00 +0000",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Action: failed? No, it all looks good. Status: 5 out of 5.",
      "",
    ].join("\r\n");
    expect(classifyInbound(await parsed(raw))).toEqual({ kind: "message" });
  });

  it("keeps a message with an unrelated .ics (METHOD:PUBLISH) as a message", async () => {
    expect(classifyInbound(await parsed(rsvpMail("ACCEPTED", { method: "PUBLISH" })))).toEqual({ kind: "message" });
  });

  it("keeps a message whose calendar part cannot be read as a message", async () => {
    const mail = await parsed(rsvpMail("ACCEPTED"));
    const broken = {
      ...mail,
      parts: mail.parts.map((p) => ({ ...p, content: Buffer.from("BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nBEGIN:VEVENT") })),
    };
    expect(classifyInbound(broken)).toEqual({ kind: "message" });
  });
});
