import { formatUtc } from "@crm/contracts/messaging/describe";
import { buildInvite } from "@crm/infra/calendar/ics";
import { escapeHtml, paragraphs } from "@crm/infra/mail/html";
import type { OutgoingMail } from "@crm/infra/mail/mailer";
import { button, layout, textFooter, type Brand } from "../messaging/templates/layout.ts";
import type { MeetingDetails } from "./meeting.decider.ts";

export interface InviteContext {
  brand: Brand;
  organizer: { name: string; email: string };
  recipientName: string | null;
  to: string;
  method: "REQUEST" | "CANCEL";
  sequence: number;
  /** When the invite is composed (DTSTAMP). */
  now: string;
  /** Stable per request: the request event id. */
  messageId: string;
}

/** The UID that identifies the meeting in every calendar, for the whole life of the meeting. */
export const inviteUid = (meetingId: string) => `${meetingId}@agency-crm`;

const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");

function where(meeting: MeetingDetails): string {
  return meeting.meetingType === "in-person" ? (meeting.location ?? "In person") : (meeting.joinLink ?? "Video call (link to follow)");
}

function description(meeting: MeetingDetails): string {
  const lines = [meeting.joinLink ? `Join the video call: ${meeting.joinLink}` : `Location: ${where(meeting)}`];
  if (meeting.notes) lines.push("", meeting.notes);
  return lines.join("\n");
}

/** The invite (or cancellation) mail: readable HTML and text, plus the iCalendar object. */
export function composeInviteEmail(meeting: MeetingDetails, ctx: InviteContext): OutgoingMail {
  const cancelled = ctx.method === "CANCEL";
  const when = `${formatUtc(meeting.startTime)} – ${formatUtc(meeting.endTime)}`;
  const title = oneLine(meeting.title);
  const subject = cancelled ? `Cancelled: ${title}` : ctx.sequence > 0 ? `Updated invitation: ${title}` : `Invitation: ${title}`;
  const greeting = ctx.recipientName ? `Hi ${ctx.recipientName},` : "Hello,";
  const intro = cancelled ? "This meeting has been cancelled." : ctx.sequence > 0 ? "The meeting has a new time:" : "You are invited to a meeting:";
  const link = !cancelled && meeting.joinLink ? button(meeting.joinLink, "Join the video call") : "";
  const html = layout(
    ctx.brand,
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(when)}<br>${escapeHtml(where(meeting))}</p>`,
      link,
      meeting.notes && !cancelled ? paragraphs(meeting.notes) : "",
      `<p>${escapeHtml(ctx.brand.name)}</p>`,
    ].join("\n"),
  );
  const text = [greeting, "", intro, "", title, when, where(meeting), meeting.notes && !cancelled ? `\n${meeting.notes}` : "", textFooter(ctx.brand)].join("\n");
  const calendar = buildInvite({
    uid: inviteUid(meeting.id),
    sequence: ctx.sequence,
    method: ctx.method,
    organizer: ctx.organizer,
    attendee: { email: ctx.to, ...(ctx.recipientName ? { name: ctx.recipientName } : {}) },
    start: meeting.startTime,
    end: meeting.endTime,
    stamp: ctx.now,
    summary: title,
    description: description(meeting),
    location: meeting.meetingType === "in-person" ? meeting.location : meeting.joinLink,
    url: meeting.joinLink,
  });
  return { to: ctx.to, subject, html, text, messageId: ctx.messageId, calendar: { method: ctx.method, content: calendar } };
}
