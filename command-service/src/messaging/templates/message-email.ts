import { paragraphs } from "@crm/infra/mail/html";
import { layout, signatureHtml, signatureText, textFooter, type Brand, type ComposedMail } from "./layout.ts";

export interface MessageMailInput {
  subject: string;
  /** What the colleague wrote, as they wrote it: no greeting or sign-off is added around it. */
  message: string;
  /** Their profile's signature, put under the message; "" for none. */
  signature: string;
  brand: Brand;
}

/**
 * A message from the lead page (docs/product.md, "Meetings, mail and SMS"): exactly the text the
 * colleague wrote, escaped (never HTML), in the agency's frame, followed by their signature.
 */
export function composeMessageEmail(input: MessageMailInput): ComposedMail {
  const body = [paragraphs(input.message), signatureHtml(input.signature)].filter((part) => part !== "").join("\n");
  const text = [input.message.trim(), ...signatureText(input.signature), textFooter(input.brand)].join("\n");
  return { subject: input.subject, html: layout(input.brand, input.subject, body), text };
}
