import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/** Someone on a meeting: a name to show (CN) and the address calendars reply to and match on. */
export interface CalendarPerson {
  name?: string | null;
  email: string;
}

export interface InviteSpec {
  /** Stable for the life of the meeting: updates and the cancellation replace the same event. */
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  /** Who the invite is from, with an address replies (RSVPs) can reach. */
  organizer: CalendarPerson;
  /** Everyone the meeting is with: the lead (asked to answer) and the colleague who organised it (already in). */
  attendees: (CalendarPerson & { organiser?: boolean })[];
  /** UTC instants. */
  start: string;
  end: string;
  /** When the iCalendar object is produced (DTSTAMP). */
  stamp: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
}

/** One meeting in a subscribed calendar (the personal feed): the same UID and SEQUENCE as its invites. */
export interface FeedEvent {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  /** When the meeting last changed (DTSTAMP / LAST-MODIFIED). */
  stamp: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
}

// RFC 5545 3.1: a content line is at most 75 octets; longer ones go on with CRLF and one space.
const MAX_LINE_OCTETS = 75;

/** Folds a content line at 75 octets without cutting a UTF-8 character in two. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * A parameter value (a CN) as RFC 6868 section 3 writes it: "^" as "^^", a line break as "^n" and
 * a double quote as "^'", then the whole value in double quotes, so ";", ":" and "," inside it are
 * text and a crafted name cannot end the parameter and start an address of its own. Other control
 * characters are not allowed in a quoted value (RFC 5545 QSAFE-CHAR) and are dropped. Parsers older
 * than RFC 6868 (Python icalendar 4) still read the value, with the ^-sequences left as they are.
 */
export function paramValue(value: string): string {
  const escaped = value
    .replace(/\^/g, "^^")
    .replace(/\r\n|\r|\n/g, "^n")
    .replace(/"/g, "^'")
    // eslint-disable-next-line no-control-regex -- the control characters a quoted value may not hold
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "");
  return `"${escaped}"`;
}

/** A mailto: address as a property value; an address holds no line break or control character (the forms check it). */
// eslint-disable-next-line no-control-regex -- control characters would end the content line
const calAddress = (email: string) => `mailto:${email.replace(/[\u0000-\u001f\u007f]/g, "")}`;

const cn = (person: CalendarPerson) => (person.name ? `;CN=${paramValue(person.name)}` : "");

/** The ORGANIZER and ATTENDEE lines, written here (not by ical-generator, whose CN escaping is not RFC 6868). */
function peopleLines(spec: InviteSpec): string[] {
  const organizer = `ORGANIZER${cn(spec.organizer)}:${calAddress(spec.organizer.email)}`;
  const attendees = spec.attendees.map((a) =>
    a.organiser
      ? `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=CHAIR;PARTSTAT=ACCEPTED${cn(a)}:${calAddress(a.email)}`
      : `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE${cn(a)}:${calAddress(a.email)}`,
  );
  return [organizer, ...attendees].map(foldLine);
}

const PRODUCT = { company: "agency-crm", product: "crm", language: "EN" } as const;

/** An RFC 5545 calendar with one VEVENT and METHOD REQUEST or CANCEL (RFC 5546 iTIP). */
export function buildInvite(spec: InviteSpec): string {
  const calendar = ical({ prodId: PRODUCT });
  calendar.method(spec.method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  calendar.createEvent({
    id: spec.uid,
    sequence: spec.sequence,
    start: new Date(spec.start),
    end: new Date(spec.end),
    stamp: new Date(spec.stamp),
    summary: spec.summary,
    description: spec.description,
    location: spec.location,
    url: spec.url,
    status: spec.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  const text = calendar.toString();
  const end = text.lastIndexOf("END:VEVENT");
  if (end < 0) throw new Error("ical-generator wrote no VEVENT");
  return `${text.slice(0, end)}${peopleLines(spec).join("\r\n")}\r\n${text.slice(end)}`;
}

/**
 * A subscribed calendar (RFC 5545, METHOD PUBLISH): the colleague's meetings, each under the UID and
 * SEQUENCE its invites carry, so a client that has both keeps one event.
 */
export function buildFeed(name: string, events: readonly FeedEvent[]): string {
  const calendar = ical({ prodId: PRODUCT, name, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      start: new Date(event.start),
      end: new Date(event.end),
      stamp: new Date(event.stamp),
      lastModified: new Date(event.stamp),
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: event.url,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
