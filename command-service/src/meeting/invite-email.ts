import { meetingDescription, meetingPlace, meetingUid, videoCallName } from "@crm/contracts/meeting/calendar-text";
import { formatTimeRange } from "@crm/contracts/time/date-time";
import { buildInvite, type CalendarPerson } from "@crm/infra/calendar/ics";
import { escapeHtml, paragraphs } from "@crm/infra/mail/html";
import type { OutgoingMail } from "@crm/infra/mail/mailer";
import { button, layout, textFooter, type Brand } from "../messaging/templates/layout.ts";
import type { MeetingDetails } from "./meeting.decider.ts";

export interface InviteContext {
  brand: Brand;
  /**
   * ORGANIZER: the colleague's name ("{name} via {agency}") and an address RSVPs reach: the lead's reply
   * address when INBOUND_ADDRESS is set (they then come home, issue 33), else the settings' reply-to, else MAIL_FROM.
   */
  organizer: CalendarPerson;
  /** The colleague who scheduled the meeting, as their profile stood: a second attendee and a second recipient; null when unknown. */
  colleague: { name: string; email: string; signature: string } | null;
  recipientName: string | null;
  to: string;
  method: "REQUEST" | "CANCEL";
  sequence: number;
  /** The zone the mail states its times in (the colleague's, else the agency's); said after the times. */
  timeZone: string;
  /** When the invite is composed (DTSTAMP). */
  now: string;
  /** Stable per request: the request event id. */
  messageId: string;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");

/** The invite (or cancellation) mail: readable HTML and text, plus the iCalendar object. */
export function composeInviteEmail(meeting: MeetingDetails, ctx: InviteContext): OutgoingMail {
  const cancelled = ctx.method === "CANCEL";
  const when = formatTimeRange(meeting.startTime, meeting.endTime, ctx.timeZone, { withZone: true });
  const title = oneLine(meeting.title);
  const subject = cancelled ? `Cancelled: ${title}` : ctx.sequence > 0 ? `Updated invitation: ${title}` : `Invitation: ${title}`;
  const greeting = ctx.recipientName ? `Hi ${ctx.recipientName},` : "Hello,";
  const intro = cancelled
    ? "This meeting has been cancelled."
    : ctx.sequence > 0
      ? "The meeting has a new time:"
      : "You are invited to a meeting:";
  const video = meeting.meetingType !== "in-person" && meeting.joinLink ? meeting.joinLink : null;
  const join = `Join the ${videoCallName(meeting.conferenceProvider)}`;
  const signOff = ctx.colleague?.signature || (ctx.colleague ? `${ctx.colleague.name}\n${ctx.brand.name}` : ctx.brand.name);
  const html = layout(
    ctx.brand,
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(when)}<br>${escapeHtml(meetingPlace(meeting))}</p>`,
      !cancelled && video ? button(video, join) : "",
      meeting.notes && !cancelled ? paragraphs(meeting.notes) : "",
      paragraphs(signOff),
    ].join("\n"),
  );
  const text = [
    greeting,
    "",
    intro,
    "",
    title,
    when,
    video && !cancelled ? `${join}: ${video}` : meetingPlace(meeting),
    meeting.notes && !cancelled ? `\n${meeting.notes}` : "",
    "",
    signOff,
    textFooter(ctx.brand),
  ].join("\n");
  const lead: CalendarPerson = { email: ctx.to, name: ctx.recipientName };
  const colleague = ctx.colleague && ctx.colleague.email.toLowerCase() !== ctx.to.toLowerCase() ? ctx.colleague : null;
  const calendar = buildInvite({
    uid: meetingUid(meeting.id),
    sequence: ctx.sequence,
    method: ctx.method,
    organizer: ctx.organizer,
    attendees: [lead, ...(colleague ? [{ name: colleague.name, email: colleague.email, organiser: true }] : [])],
    start: meeting.startTime,
    end: meeting.endTime,
    stamp: ctx.now,
    summary: title,
    description: meetingDescription(meeting),
    location: meeting.meetingType === "in-person" ? meeting.location : meeting.joinLink,
    url: meeting.joinLink,
  });
  return {
    to: ctx.to,
    ...(colleague ? { cc: [colleague.email] } : {}),
    subject,
    html,
    text,
    messageId: ctx.messageId,
    calendar: { method: ctx.method, content: calendar },
  };
}
