import type { FailureRun } from "@crm/infra/auth/sign-in-backoff";
import { escapeHtml } from "@crm/infra/mail/html";
import { button, layout, textFooter, type Brand, type ComposedMail } from "../messaging/templates/layout.ts";

export interface FailedSignInsMailInput {
  email: string;
  run: FailureRun;
  /** Absolute link to the sign-in page, when PUBLIC_URL is known. */
  signInUrl: string | undefined;
  brand: Brand;
}

/** "2026-11-26 20:15 UTC": the same for every reader, whatever their time zone. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The warning an account's owner gets after a run of failed sign-ins (decisions/040). */
export function composeFailedSignInsMail(input: FailedSignInsMailInput): ComposedMail {
  const { run, brand } = input;
  const subject = `${run.failures} failed sign-ins to your ${brand.name} account`;
  const what = `Someone tried to sign in to your ${brand.name} account (${input.email}) with a wrong password ${run.failures} times in a row since ${utc(run.since)}.`;
  const from = run.addresses.length === 1 ? "The attempts came from this address:" : "The attempts came from these addresses:";
  const nobody = "None of them got in, and each further failure makes the next attempt wait longer, up to 15 minutes.";
  const ifYou = "If it was you: wait a few minutes, then sign in with your current password.";
  const ifNotYou =
    "If it was not you: make sure your password is long and used nowhere else. If you use it on another site too, or if these attempts go on, tell a Partner of the agency.";
  const body = [
    "<p>Hello,</p>",
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(from)}</p>`,
    `<ul>${run.addresses.map((a) => `<li>${escapeHtml(a)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(nobody)}</p>`,
    `<p>${escapeHtml(ifYou)}</p>`,
    `<p>${escapeHtml(ifNotYou)}</p>`,
    input.signInUrl ? button(input.signInUrl, "Sign in") : "",
    `<p>${escapeHtml(brand.name)}</p>`,
  ].join("\n");
  const text = [
    "Hello,",
    "",
    what,
    "",
    from,
    ...run.addresses.map((a) => `- ${a}`),
    "",
    nobody,
    "",
    ifYou,
    ...(input.signInUrl ? [`Sign in: ${input.signInUrl}`] : []),
    "",
    ifNotYou,
    "",
    brand.name,
    textFooter(brand),
  ].join("\n");
  return { subject, html: layout(brand, subject, body), text };
}
