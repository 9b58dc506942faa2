import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export interface InviteSpec {
  /** Stable for the life of the meeting: updates and the cancellation replace the same event. */
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  organizer: { name: string; email: string };
  attendee: { name?: string; email: string };
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

/** An RFC 5545 calendar with one VEVENT and METHOD REQUEST or CANCEL (RFC 5546 iTIP). */
export function buildInvite(spec: InviteSpec): string {
  const calendar = ical({ prodId: { company: "agency-crm", product: "crm", language: "EN" } });
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
    organizer: { name: spec.organizer.name, email: spec.organizer.email },
    attendees: [
      {
        email: spec.attendee.email,
        name: spec.attendee.name ?? null,
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  return calendar.toString();
}
