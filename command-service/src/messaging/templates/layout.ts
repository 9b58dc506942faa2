import { escapeHtml } from "@crm/infra/mail/html";

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

export interface Brand {
  /** Shown in the header and footer, e.g. "Agency CRM". */
  name: string;
  year: number;
}

/** The sender's display name from MAIL_FROM ("Studio <hi@studio.test>" gives "Studio"). */
export function brandName(mailFrom: string): string {
  const match = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return match?.[1]?.trim() || "Our team";
}

/** The address part of MAIL_FROM. */
export function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The branded HTML frame every mail uses; bodyHtml must already be escaped. */
export function layout(brand: Brand, title: string, bodyHtml: string): string {
  const name = escapeHtml(brand.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f7;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:#4f46e5;padding:24px 32px;color:#ffffff;font-size:20px;font-weight:bold;">${name}</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:1.6;">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;color:#6b7280;font-size:12px;text-align:center;">&copy; ${brand.year} ${name}. All rights reserved.</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** A bulletproof button: a link styled as a button, readable where styles are stripped. */
export function button(href: string, label: string): string {
  return `<p style="text-align:center;margin:32px 0;"><a href="${escapeHtml(href)}" style="background:#4f46e5;color:#ffffff;padding:14px 28px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block;">${escapeHtml(label)}</a></p>`;
}

export const textFooter = (brand: Brand) => `\n--\n© ${brand.year} ${brand.name}`;
