import { FORM_TYPES, defaultFormSubject, type FormType } from "@crm/contracts/messaging/commands";
import { escapeHtml, paragraphs } from "@crm/infra/mail/html";
import { button, layout, textFooter, type Brand, type ComposedMail } from "./layout.ts";

/** What the questionnaire asks about (docs/product.md, "Onboarding", Questionnaire), as the mail lists it. */
export const QUESTIONNAIRE_TOPICS = [
  "Your social media presence: followers and audience on each platform",
  "Your company overview, target audience and what makes you unique",
  "Your goals, expectations, deadlines and past marketing",
  "Your brand guidelines and how you want your brand represented",
  "Competitors, partnerships and public relations",
] as const;

export interface FormMailInput {
  formType: FormType;
  recipientName: string | null;
  subject?: string;
  message?: string;
  /** Absolute link to /onboarding-form/{token}: a client link (decisions/038), never the lead id. */
  formUrl: string;
  brand: Brand;
}

const defaultInvitation = (label: string) =>
  `We're excited to work with you! Please take a few minutes to complete our ${label}. Your answers help us understand your business and tailor our work to your goals.`;

/** The branded form mail of Send Form (docs/product.md, "Meetings, mail and SMS"), composed on the server with every piece of user text escaped. */
export function composeFormEmail(input: FormMailInput): ComposedMail {
  const label = FORM_TYPES[input.formType];
  const subject = input.subject ?? defaultFormSubject(input.formType);
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : "Hello,";
  const message = input.message ?? defaultInvitation(label);
  const body = [
    `<p>${escapeHtml(greeting)}</p>`,
    paragraphs(message),
    `<p>The ${escapeHtml(label)} covers:</p>`,
    `<ul>${QUESTIONNAIRE_TOPICS.map((t) => `<li>${escapeHtml(t)}</li>`).join("")}</ul>`,
    button(input.formUrl, `Open the ${label}`),
    `<p style="font-size:13px;color:#6b7280;">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(input.formUrl)}">${escapeHtml(input.formUrl)}</a></p>`,
    `<p>Thank you,<br>${escapeHtml(input.brand.name)}</p>`,
  ].join("\n");
  const text = [
    greeting,
    "",
    message,
    "",
    `The ${label} covers:`,
    ...QUESTIONNAIRE_TOPICS.map((t) => `- ${t}`),
    "",
    `Open the form: ${input.formUrl}`,
    "",
    `Thank you,\n${input.brand.name}`,
    textFooter(input.brand),
  ].join("\n");
  return { subject, html: layout(input.brand, subject, body), text };
}
