import type { UserRole } from "@crm/contracts/user/user";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { escapeHtml } from "@crm/infra/mail/html";
import { button, layout, textFooter, type Brand, type ComposedMail } from "../messaging/templates/layout.ts";
import { currentSettings } from "../settings/mail-brand.ts";

/** The agency's name as the invitation page shows it: the agency's settings' (MAIL_FROM's display name until one is set). */
export async function agencyName(deps: { mailFrom: string; store: EventStore }): Promise<string> {
  return (await currentSettings(deps)).agencyName;
}

export interface InviteMailInput {
  displayName: string;
  role: UserRole;
  /** The Partner who sent it, when known. */
  inviterName: string | null;
  /** The link with its token: `${PUBLIC_URL}/invite#<token>`. */
  link: string;
  expiresAt: Date;
  brand: Brand;
}

/** "2026-11-26 20:15 UTC": the same for every reader, whatever their time zone. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The invitation a Partner sends a colleague: who invites them, as what, and the link to set a password. */
export function composeInviteMail(input: InviteMailInput): ComposedMail {
  const { brand } = input;
  const subject = `You are invited to join ${brand.name}`;
  const who = input.inviterName ? `${input.inviterName} invited you` : "You have been invited";
  const what = `${who} to join ${brand.name} as ${input.role}.`;
  const how = "Choose a password to activate your account; you will be signed in at once.";
  const until = `The link works once, until ${utc(input.expiresAt)}. If it has expired, ask a Partner to send the invitation again.`;
  const notYou = "If you did not expect this invitation, you can ignore this email: no account is made until the link is used.";
  const body = [
    `<p>Hello ${escapeHtml(input.displayName)},</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(how)}</p>`,
    button(input.link, "Accept the invitation"),
    `<p>${escapeHtml(until)}</p>`,
    `<p>${escapeHtml(notYou)}</p>`,
    `<p>${escapeHtml(brand.name)}</p>`,
  ].join("\n");
  const text = [
    `Hello ${input.displayName},`,
    "",
    what,
    how,
    "",
    `Accept the invitation: ${input.link}`,
    "",
    until,
    "",
    notYou,
    "",
    brand.name,
    textFooter(brand),
  ].join("\n");
  return { subject, html: layout(brand, subject, body), text };
}
