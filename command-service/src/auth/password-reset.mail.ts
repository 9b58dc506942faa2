import { escapeHtml } from "@crm/infra/mail/html";
import { button, layout, textFooter, type Brand, type ComposedMail } from "../messaging/templates/layout.ts";
import { mailBrand, type MailBrand, type MailBrandDeps } from "../settings/mail-brand.ts";

export interface ResetMailInput {
  /** The account's address, named in the mail so a shared inbox knows whose link it is. */
  email: string;
  /** The reset page with the token after its "#" (never sent to a server by the browser, nor logged). */
  resetUrl: string;
  expiresAt: Date;
  brand: Brand;
}

/** "2026-11-26 20:15 UTC": the same for every reader, whatever their time zone. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The brand and sender of the mails about a person's own account (a password reset): the agency's
 * settings (docs/product.md, "Settings").
 */
export async function accountMailBrand(deps: Omit<MailBrandDeps, "publicUrl"> & { publicUrl?: string | undefined }): Promise<MailBrand> {
  return mailBrand({ ...deps, publicUrl: deps.publicUrl });
}

/** The link to set a new password (POST /api/auth/password-reset): once, for one hour. */
export function composeResetMail(input: ResetMailInput): ComposedMail {
  const { brand } = input;
  const subject = `Set a new password for your ${brand.name} account`;
  const what = `Someone asked to set a new password for the ${brand.name} account of ${input.email}. If it was you, open this link and choose one:`;
  const once = `The link works once, and only for one hour (until ${utc(input.expiresAt)}). Setting the password signs you out everywhere else.`;
  const ifNotYou =
    "If you did not ask for this, ignore this mail: your password stays as it is and nobody can use the link without this mailbox. If such mails keep coming, tell a Partner of the agency.";
  const body = [
    "<p>Hello,</p>",
    `<p>${escapeHtml(what)}</p>`,
    button(input.resetUrl, "Set a new password"),
    `<p style="word-break:break-all;font-size:13px;color:#6b7280;">${escapeHtml(input.resetUrl)}</p>`,
    `<p>${escapeHtml(once)}</p>`,
    `<p>${escapeHtml(ifNotYou)}</p>`,
    `<p>${escapeHtml(brand.name)}</p>`,
  ].join("\n");
  const text = ["Hello,", "", what, "", input.resetUrl, "", once, "", ifNotYou, "", brand.name, textFooter(brand)].join("\n");
  return { subject, html: layout(brand, subject, body), text };
}
