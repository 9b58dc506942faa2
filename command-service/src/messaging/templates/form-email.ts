import { FORM_TYPES, type FormType } from "@crm/contracts/messaging/commands";
import { escapeHtml, paragraphs } from "@crm/infra/mail/html";
import { button, layout, signatureHtml, signatureText, textFooter, type Brand, type ComposedMail, type Sender } from "./layout.ts";

export interface FormMailInput {
  formType: FormType;
  recipientName: string | null;
  subject?: string;
  message?: string;
  /** Absolute link to /onboarding-form/{token}: a client link (decisions/038), never the lead id. */
  formUrl: string;
  brand: Brand;
  /** The colleague who sends it, signing it with their name and signature; null signs with the agency's name. */
  sender: Sender | null;
}

/**
 * The branded form mail of Send Form (docs/product.md, "Meetings, mail and SMS"), composed on the
 * server with every piece of user text escaped: the form type's own invitation and topics
 * (FORM_TYPES), one greeting (ours, not typed), and the sender's name and signature to close.
 */
export function composeFormEmail(input: FormMailInput): ComposedMail {
  const form = FORM_TYPES[input.formType];
  const subject = input.subject ?? form.subject;
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : "Hello,";
  const message = input.message ?? form.invitation;
  const signer = input.sender?.name ?? input.brand.name;
  const signature = input.sender?.signature ?? "";
  const body = [
    `<p>${escapeHtml(greeting)}</p>`,
    paragraphs(message),
    `<p>The ${escapeHtml(form.label)} covers:</p>`,
    `<ul>${form.covers.map((t) => `<li>${escapeHtml(t)}</li>`).join("")}</ul>`,
    button(input.formUrl, `Open the ${form.label}`),
    `<p style="font-size:13px;color:#6b7280;">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(input.formUrl)}">${escapeHtml(input.formUrl)}</a></p>`,
    `<p>Thank you,<br>${escapeHtml(signer)}</p>`,
    signatureHtml(signature),
  ]
    .filter((part) => part !== "")
    .join("\n");
  const text = [
    greeting,
    "",
    message,
    "",
    `The ${form.label} covers:`,
    ...form.covers.map((t) => `- ${t}`),
    "",
    `Open the form: ${input.formUrl}`,
    "",
    `Thank you,\n${signer}`,
    ...signatureText(signature),
    textFooter(input.brand),
  ].join("\n");
  return { subject, html: layout(input.brand, subject, body), text };
}
