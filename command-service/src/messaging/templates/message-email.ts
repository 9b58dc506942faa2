import { escapeHtml, paragraphs } from "@crm/infra/mail/html";
import { layout, textFooter, type Brand, type ComposedMail } from "./layout.ts";

/** A plain message from the lead page, in the branded frame; the text is escaped, never HTML. */
export function composeMessageEmail(input: { recipientName: string | null; subject: string; message: string; brand: Brand }): ComposedMail {
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : "Hello,";
  const body = [`<p>${escapeHtml(greeting)}</p>`, paragraphs(input.message), `<p>Best regards,<br>${escapeHtml(input.brand.name)}</p>`].join("\n");
  const text = [greeting, "", input.message, "", `Best regards,\n${input.brand.name}`, textFooter(input.brand)].join("\n");
  return { subject: input.subject, html: layout(input.brand, input.subject, body), text };
}
