import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import ICAL from "ical.js";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { describe, expect, it } from "vitest";
import { buildFeed, buildInvite, foldLine, paramValue, type InviteSpec } from "@crm/infra/calendar/ics";
import { toNodemailerMessage } from "@crm/infra/mail/mailer";
import { parseMail } from "@crm/infra/testing/smtp-test-server";

/** A name with every character a parameter value can trip on (RFC 6868), and letters outside Latin-1. */
const HOSTILE = `Zoë "Z" O'Brien; CEO, 北京: ^caret\nsecond line`;
/** A name written to end the CN and start an address of its own. */
const CRAFTED = 'x" mailto:evil@example.com;';

const spec = (overrides: Partial<InviteSpec> = {}): InviteSpec => ({
  uid: "8f14e45f-ceea-467a-9575-5a4e6f7f2b3c@agency-crm",
  sequence: 0,
  method: "REQUEST",
  organizer: { name: `${HOSTILE} via Studio Nine`, email: "hello@studio.test" },
  attendees: [
    { name: CRAFTED, email: "ada@example.com" },
    { name: HOSTILE, email: "zoe@studio.test", organiser: true },
  ],
  start: "2030-03-05T09:00:00.000Z",
  end: "2030-03-05T10:00:00.000Z",
  stamp: "2030-01-02T08:00:00.000Z",
  summary: "Kick-off",
  description: "Join the Jitsi video call: https://meet.jit.si/crm-room",
  location: "https://meet.jit.si/crm-room",
  url: "https://meet.jit.si/crm-room",
  ...overrides,
});

/** What ical.js reads of each person: the CN parameter and the address. */
function peopleByIcalJs(ics: string) {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
  const person = (p: ICAL.Property) => ({ cn: p.getParameter("cn"), address: String(p.getFirstValue()).toLowerCase() });
  return { organizer: person(event.getFirstProperty("organizer")!), attendees: event.getAllProperties("attendee").map(person) };
}

const PYTHON = "/usr/bin/python3";
/** Debian's python3-icalendar (4.0.3, before RFC 6868): the attendees' addresses and CNs as it reads them. */
const PYTHON_READ = `
import icalendar, json, sys
cal = icalendar.Calendar.from_ical(sys.stdin.read())
out = []
for ev in cal.walk("VEVENT"):
    att = ev.get("ATTENDEE")
    att = att if isinstance(att, list) else [att]
    for a in att:
        out.append({"address": str(a), "cn": str(a.params.get("CN"))})
    out.append({"organizer": str(ev.get("ORGANIZER")), "cn": str(ev.get("ORGANIZER").params.get("CN"))})
print(json.dumps({"version": icalendar.__version__, "people": out}))
`;

describe("iCalendar invites", () => {
  it("writes parameter values per RFC 6868, so ical.js reads back the exact names and addresses", () => {
    const ics = buildInvite(spec());
    const read = peopleByIcalJs(ics);
    expect(read.organizer).toEqual({ cn: `${HOSTILE} via Studio Nine`, address: "mailto:hello@studio.test" });
    expect(read.attendees).toEqual([
      { cn: CRAFTED, address: "mailto:ada@example.com" },
      { cn: HOSTILE, address: "mailto:zoe@studio.test" },
    ]);
    // The crafted quote is written as ^', so the quoted CN still ends where it began.
    expect(ics.replace(/\r\n /g, "")).toContain(`CN="x^' mailto:evil@example.com;":mailto:ada@example.com`);
  });

  it("folds lines at 75 octets without cutting a character, and nothing else breaks a line", () => {
    const ics = buildInvite(spec({ attendees: [{ name: "北京".repeat(60), email: "ada@example.com" }] }));
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(
      foldLine("a".repeat(150))
        .split("\r\n ")
        .map((l) => l.length),
    ).toEqual([75, 74, 1]);
    expect(paramValue('a^b"c\nd')).toBe(`"a^^b^'c^nd"`);
  });

  it.runIf(existsSync(PYTHON))(
    "is read by Debian's Python icalendar 4.0.3, the addresses exactly and the names in RFC 6868's escapes",
    () => {
      const run = spawnSync(PYTHON, ["-c", PYTHON_READ], { input: buildInvite(spec()), encoding: "utf8" });
      expect(run.stderr).toBe("");
      const read = JSON.parse(run.stdout) as { version: string; people: { address?: string; organizer?: string; cn: string }[] };
      expect(read.version).toBe("4.0.3");
      expect(read.people).toEqual([
        { address: "mailto:ada@example.com", cn: `x^' mailto:evil@example.com;` },
        { address: "mailto:zoe@studio.test", cn: `Zoë ^'Z^' O'Brien; CEO, 北京: ^^caret^nsecond line` },
        { organizer: "mailto:hello@studio.test", cn: `Zoë ^'Z^' O'Brien; CEO, 北京: ^^caret^nsecond line via Studio Nine` },
      ]);
    },
  );

  it("goes out as one text/calendar part and one .ics attachment", async () => {
    const message = toNodemailerMessage("Studio Nine <hello@studio.test>", {
      to: "ada@example.com",
      cc: ["zoe@studio.test"],
      subject: "Invitation: Kick-off",
      html: "<p>Hi</p>",
      text: "Hi",
      messageId: "<1@agency-crm>",
      calendar: { method: "REQUEST", content: buildInvite(spec()) },
    });
    const mail = await parseMail(await new MailComposer(message).compile().build());
    const calendarParts = mail.attachments.filter((a) => a.contentType === "text/calendar" || a.contentType === "application/ics");
    expect(calendarParts.map((a) => a.contentType)).toEqual(["text/calendar", "application/ics"]);
    expect(calendarParts.filter((a) => a.contentDisposition === "attachment").map((a) => a.filename)).toEqual(["invite.ics"]);
    expect(mail.cc).toMatchObject({ text: "zoe@studio.test" });
  });

  it("writes a feed with one event per meeting, its UID and SEQUENCE", () => {
    const ics = buildFeed("CRM meetings", [
      {
        uid: "a@agency-crm",
        sequence: 2,
        start: "2030-03-05T09:00:00.000Z",
        end: "2030-03-05T10:00:00.000Z",
        stamp: "2030-01-02T08:00:00.000Z",
        summary: "One, two; three",
        description: "Location: Studio",
        location: "Studio",
        url: null,
      },
    ]);
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.sequence, e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      ["a@agency-crm", 2, "One, two; three", "2030-03-05T09:00:00.000Z"],
    ]);
  });
});
