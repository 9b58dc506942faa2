/**
 * What kind of message came in (docs/product.md, "Replies"): a delivery status notification about a
 * mail we sent (RFC 3464), an attendee's answer to one of our invites (an iTIP REPLY, RFC 5546), or
 * anything else, a message for the lead's timeline. Pure: the intake records what this says, and the
 * inbound reactor acts on it (inbound.reactor.ts).
 */
import ICAL from "ical.js";
import type { z } from "zod";
import type { InboundBounce, InboundRsvp } from "@crm/contracts/inbound/events";
import type { InboundPart, ParsedInbound } from "@crm/infra/mail/inbound";

export type Bounce = z.infer<typeof InboundBounce>;
export type Rsvp = z.infer<typeof InboundRsvp>;

export type InboundKind = { kind: "message" } | { kind: "bounce"; bounce: Bounce } | { kind: "rsvp"; rsvp: Rsvp };

export function classifyInbound(mail: ParsedInbound): InboundKind {
  const bounce = bounceOf(mail);
  if (bounce) return { kind: "bounce", bounce };
  const rsvp = rsvpOf(mail);
  if (rsvp) return { kind: "rsvp", rsvp };
  return { kind: "message" };
}

// ---- Delivery status notifications (RFC 3464) ----

const text = (part: InboundPart) => part.content.toString("utf8");

/** Header-style fields ("Name: value", continuation lines folded in), one group per paragraph, names in lower case. */
function fieldGroups(body: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let group = new Map<string, string>();
  let last: string | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === "") {
      if (group.size > 0) groups.push(group);
      group = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line) && last) {
      group.set(last, `${group.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      if (!group.has(last)) group.set(last, line.slice(colon + 1).trim());
    }
  }
  if (group.size > 0) groups.push(group);
  return groups;
}

/** "rfc822; ana@client.test" → "ana@client.test"; the value after the type, lower case, without angle brackets. */
function addressOf(typed: string | undefined): string | null {
  if (!typed) return null;
  const value = (typed.includes(";") ? typed.slice(typed.indexOf(";") + 1) : typed).trim().replace(/^<|>$/g, "");
  return value ? value.toLowerCase() : null;
}

/** "smtp; 550 5.1.1 <ana@client.test>: User unknown" → "550 5.1.1 <ana@client.test>: User unknown", on one line. */
const withoutType = (typed: string) => (typed.includes(";") ? typed.slice(typed.indexOf(";") + 1) : typed).replace(/\s+/g, " ").trim();

const STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** The per-recipient group a notification is about: the first that failed, else the first that was delayed. */
function recipientGroup(groups: Map<string, string>[]): Map<string, string> | undefined {
  const perRecipient = groups.filter((g) => g.has("final-recipient") || g.has("original-recipient"));
  const action = (g: Map<string, string>) => (g.get("action") ?? "").toLowerCase();
  return perRecipient.find((g) => action(g) === "failed") ?? perRecipient.find((g) => action(g) === "delayed");
}

/** The Message-ID of the returned headers (text/rfc822-headers) or message (message/rfc822). */
function returnedMessageId(mail: ParsedInbound): string | null {
  const returned = mail.parts.find((p) => p.contentType === "text/rfc822-headers" || p.contentType === "message/rfc822");
  if (!returned) return null;
  const headers = text(returned).split(/\r?\n\r?\n/)[0] ?? "";
  const id = fieldGroups(headers)[0]?.get("message-id");
  return id?.match(/<[^>]+>/)?.[0] ?? null;
}

function bounceOf(mail: ParsedInbound): Bounce | undefined {
  const statusPart = mail.parts.find(
    (p) => p.contentType === "message/delivery-status" || p.contentType === "message/global-delivery-status",
  );
  const isReport = mail.contentType === "multipart/report" && mail.reportType?.toLowerCase() === "delivery-status";
  // A parser may leave the machine-readable part in the text (mailparser does): it is read there then.
  const body = statusPart ? text(statusPart) : isReport ? mail.text : undefined;
  if (body === undefined) return undefined;
  const group = recipientGroup(fieldGroups(body));
  const recipient = addressOf(group?.get("final-recipient")) ?? addressOf(group?.get("original-recipient"));
  if (!group || !recipient) return undefined;
  const action = (group.get("action") ?? "").toLowerCase();
  const status = STATUS.exec(group.get("status") ?? "")?.[0] ?? (action === "failed" ? "5.0.0" : "4.0.0");
  const diagnostic = group.get("diagnostic-code");
  const reason = diagnostic ? withoutType(diagnostic) : `${action || "failed"} (${status})`;
  return { recipient, status, reason, originalMessageId: returnedMessageId(mail) };
}

// ---- iTIP REPLY (RFC 5546) ----

const RESPONSES = { ACCEPTED: "accepted", DECLINED: "declined", TENTATIVE: "tentative" } as const satisfies Record<
  string,
  Rsvp["response"]
>;

const isCalendar = (part: InboundPart) =>
  part.contentType === "text/calendar" || part.contentType === "application/ics" || /\.ics$/i.test(part.filename ?? "");

/** The answer one calendar part carries, if it is a REPLY with an attendee's known PARTSTAT. */
function replyOf(ics: string): Rsvp | undefined {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return undefined; // not a calendar we can read: the message is kept as a message
  }
  if (String(calendar.getFirstPropertyValue("method") ?? "").toUpperCase() !== "REPLY") return undefined;
  const event = calendar.getFirstSubcomponent("vevent");
  const uid = event?.getFirstPropertyValue("uid");
  if (!event || typeof uid !== "string" || !uid) return undefined;
  const sequence = Number(event.getFirstPropertyValue("sequence") ?? 0);
  for (const attendee of event.getAllProperties("attendee")) {
    const partstat = String(attendee.getParameter("partstat") ?? "").toUpperCase();
    const response = RESPONSES[partstat as keyof typeof RESPONSES];
    const address = String(attendee.getFirstValue() ?? "")
      .replace(/^mailto:/i, "")
      .trim()
      .toLowerCase();
    if (response && address) {
      return { uid, attendee: address, response, sequence: Number.isInteger(sequence) && sequence >= 0 ? sequence : 0 };
    }
  }
  return undefined;
}

function rsvpOf(mail: ParsedInbound): Rsvp | undefined {
  for (const part of mail.parts.filter(isCalendar)) {
    const rsvp = replyOf(text(part));
    if (rsvp) return rsvp;
  }
  return undefined;
}
