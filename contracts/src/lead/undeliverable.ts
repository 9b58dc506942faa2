/**
 * An address mail could not reach (docs/product.md, "Replies"): a delivery status notification said
 * it failed for good (5.x.x), and it is still the lead's email. The lead's sends to it are refused
 * with undeliverableMessage until the email is edited; the lead page shows it beside the email.
 */
import { z } from "zod/mini";

export const EmailUndeliverable = z.object({
  address: z.string(),
  /** The DSN status, e.g. "5.1.1". */
  status: z.string(),
  /** What the receiving server said (the report's Diagnostic-Code), as a person can read it. */
  reason: z.string(),
  /** When the report was recorded. */
  at: z.string(),
});
export type EmailUndeliverable = z.infer<typeof EmailUndeliverable>;

/** Whether a DSN status is a permanent failure (5.x.x): only those mark an address; a 4.x.x is a delay. */
export const isPermanentFailure = (status: string) => status.startsWith("5.");

/** Addresses compare case-blind: mail systems treat them so, and the lead's email may be typed in any case. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The reason with its status in front, unless the server's words already say it. */
export const bounceReason = (u: Pick<EmailUndeliverable, "status" | "reason">) =>
  u.reason.includes(u.status) ? u.reason : `${u.status} ${u.reason}`;

/** What a refused send answers (409), and what the Send buttons tell. */
export const undeliverableMessage = (u: Pick<EmailUndeliverable, "address" | "status" | "reason">) =>
  `Mail to ${u.address} bounced (${bounceReason(u)}); change the lead's email to send again.`;
