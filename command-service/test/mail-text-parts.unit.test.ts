import { describe, expect, it } from "vitest";
import { FORM_TYPES, type FormType } from "@crm/contracts/messaging/commands";
import { composeFailedSignInsMail } from "../src/auth/failed-sign-ins.mail.ts";
import { composeResetMail } from "../src/auth/password-reset.mail.ts";
import { composeFormEmail } from "../src/messaging/templates/form-email.ts";
import type { ComposedMail } from "../src/messaging/templates/layout.ts";
import { composeMessageEmail } from "../src/messaging/templates/message-email.ts";
import { composeOwnerMail } from "../src/reactors/owner-mail.reactor.ts";
import { composeInviteMail } from "../src/user/invite.mail.ts";

// Every mail we send carries a plain-text alternative (issue 32): a client that shows no HTML, or a
// reader that prefers text, gets the same message and the same link. The meeting invite's text is
// checked where it is sent (mail-delivery.int.test.ts).

const brand = { name: "Studio Nine", year: 2031 };
const at = new Date("2031-03-05T09:00:00.000Z");
const LINK = "https://crm.example/somewhere#token-123";

/** Each composer, with the sentence and link its text part must carry. */
const composers: [string, () => ComposedMail, { says: string; link?: string }][] = [
  [
    "message",
    () => composeMessageEmail({ subject: "Draft", message: "The draft is ready.", signature: "Ada\nStudio Nine", brand }),
    { says: "The draft is ready." },
  ],
  ...(Object.keys(FORM_TYPES) as FormType[]).map((formType): [string, () => ComposedMail, { says: string; link: string }] => [
    `${formType} form`,
    () => composeFormEmail({ formType, recipientName: "Bob", formUrl: LINK, brand, sender: { name: "Ada", signature: "" } }),
    { says: FORM_TYPES[formType].invitation, link: LINK },
  ]),
  [
    "owner notice",
    () => composeOwnerMail({ ownerName: "Ada", leadName: "Bob", business: "Bob Co", link: LINK, brand }),
    { says: "The deal with Bob from Bob Co is yours now", link: LINK },
  ],
  [
    "password reset",
    () => composeResetMail({ email: "ada@example.com", resetUrl: LINK, expiresAt: at, brand }),
    { says: "Someone asked to set a new password", link: LINK },
  ],
  [
    "invitation",
    () => composeInviteMail({ displayName: "Ada", role: "Project Manager", inviterName: "Bob", link: LINK, expiresAt: at, brand }),
    { says: "Bob invited you to join Studio Nine", link: LINK },
  ],
  [
    "sign-in alert",
    () =>
      composeFailedSignInsMail({
        email: "ada@example.com",
        run: { failures: 5, since: at, addresses: ["192.0.2.1"] },
        signInUrl: LINK,
        brand,
      }),
    { says: "with a wrong password 5 times in a row", link: LINK },
  ],
];

describe("the plain-text part of every mail", () => {
  it.each(composers)("%s: says in text what its HTML says, with the same link, and no markup", (_name, compose, expected) => {
    const mail = compose();
    expect(mail.text.trim()).not.toBe("");
    expect(mail.text).toContain(expected.says);
    expect(mail.html).toContain(expected.says.replace(/'/g, "&#39;"));
    expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>|&(amp|lt|gt|quot|#39);/i);
    expect(mail.text).toContain("© 2031 Studio Nine");
    if (expected.link) {
      expect(mail.text).toContain(expected.link);
      expect(mail.html).toContain(`href="${expected.link}"`);
    }
  });
});
