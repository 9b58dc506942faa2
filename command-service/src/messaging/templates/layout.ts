import { escapeHtml, paragraphs } from "@crm/infra/mail/html";

// Where they always were; they live in contracts/ now because the read API names the agency too.
export { brandName, fromAddress } from "@crm/contracts/settings/state";

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

export interface Brand {
  /** Shown in the header and footer: the agency's name (docs/product.md, "Settings"). */
  name: string;
  year: number;
  /** The agency's logo as an absolute URL (PUBLIC_URL's), shown in the header; none without a logo or a PUBLIC_URL. */
  logoUrl?: string | null;
}

/** The header's content: the logo, when there is one, before the name (which says it where images are blocked). */
function header(brand: Brand, name: string): string {
  if (!brand.logoUrl) return name;
  const logo = `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="height:40px;width:auto;max-width:200px;border:0;vertical-align:middle;margin-right:12px;">`;
  return `${logo}<span style="vertical-align:middle;">${name}</span>`;
}

/** The branded HTML frame every mail uses; bodyHtml must already be escaped. */
export function layout(brand: Brand, title: string, bodyHtml: string): string {
  const name = escapeHtml(brand.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f7;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:#4f46e5;padding:24px 32px;color:#ffffff;font-size:20px;font-weight:bold;">${header(brand, name)}</td></tr>
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

/** The colleague a mail to a lead is from: their name and signature, as their profile stood when they sent it. */
export interface Sender {
  name: string;
  /** Plain text put under the body, its line breaks kept; "" for none. */
  signature: string;
}

/** A signature under the body: escaped, never HTML, its lines kept; nothing for none. */
export const signatureHtml = (signature: string) => paragraphs(signature, "color:#4b5563;");

/** The same signature in the plain-text part, after a blank line; nothing for none. */
export const signatureText = (signature: string): string[] => (signature.trim() ? ["", signature.trim()] : []);

export const textFooter = (brand: Brand) => `\n--\n© ${brand.year} ${brand.name}`;
