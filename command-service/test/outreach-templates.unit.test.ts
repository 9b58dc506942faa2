import { describe, expect, it } from "vitest";
import { describeMessagingEvent } from "@crm/contracts/messaging/describe";
import { FORM_TYPES, SendFormBody, SendSmsBody, type FormType } from "@crm/contracts/messaging/commands";
import { escapeHtml } from "@crm/infra/mail/html";
import { ScheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { composeFormEmail } from "../src/messaging/templates/form-email.ts";
import { composeMessageEmail } from "../src/messaging/templates/message-email.ts";
import { brandName, fromAddress } from "../src/messaging/templates/layout.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
/** A client link token (decisions/038): 43 base64url characters. */
const TOKEN = "q3Zt0mYk8vJx2Hc7Lw5Rb1Ns9Pd4Fg6Ae0Ui3Ko7Ty2";
const brand = { name: "Studio Nine", year: 2031 };

const FORM_URL = `https://crm.example/onboarding-form/${TOKEN}`;
const ada = { name: "Ada Lovelace", signature: "Ada Lovelace\nAccount lead, Studio Nine" };

describe("form mail", () => {
  it("uses the type's subject and invitation, greets without a name when none is known, and signs with the sender", () => {
    const mail = composeFormEmail({ formType: "feedback", recipientName: null, formUrl: FORM_URL, brand, sender: ada });
    expect(mail.subject).toBe(FORM_TYPES.feedback.subject);
    expect(mail.html).toContain("<p>Hello,</p>");
    expect(mail.html).toContain(escapeHtml(FORM_TYPES.feedback.invitation));
    expect(mail.html).toContain("&copy; 2031 Studio Nine");
    expect(mail.text).toContain(`Open the form: ${FORM_URL}`);
    // One greeting, ours; the sign-off is the sender's name and signature, not the agency's.
    expect(mail.text.match(/^(Hi|Hello)\b/gm)).toHaveLength(1);
    expect(mail.html).toContain("<p>Thank you,<br>Ada Lovelace</p>");
    expect(mail.html).toContain("Ada Lovelace<br>Account lead, Studio Nine");
    expect(mail.text).toContain("Thank you,\nAda Lovelace\n\nAda Lovelace\nAccount lead, Studio Nine");
    expect(mail.html).not.toContain("Thank you,<br>Studio Nine");
  });

  it("signs with the agency's name when no colleague sends it", () => {
    const mail = composeFormEmail({ formType: "onboarding", recipientName: "Ada", formUrl: FORM_URL, brand, sender: null });
    expect(mail.html).toContain("<p>Thank you,<br>Studio Nine</p>");
  });

  it.each(Object.keys(FORM_TYPES) as FormType[])("names the %s form's own purpose and topics", (formType) => {
    const own = FORM_TYPES[formType];
    const mail = composeFormEmail({ formType, recipientName: "Ada", formUrl: FORM_URL, brand, sender: ada });
    expect(mail.subject).toBe(own.subject);
    expect(mail.text).toContain(own.invitation);
    expect(mail.text).toContain(`The ${own.label} covers:`);
    for (const topic of own.covers) {
      expect(mail.html).toContain(`<li>${escapeHtml(topic)}</li>`);
      expect(mail.text).toContain(`- ${topic}`);
    }
    // No other type's wording leaks in.
    for (const other of Object.values(FORM_TYPES).filter((t) => t !== own)) {
      expect(mail.text).not.toContain(other.label);
      if (other.invitation !== own.invitation) expect(mail.text).not.toContain(other.invitation);
    }
  });

  it("does not describe the questionnaire's five sections in the feedback and contract review mails", () => {
    const sections = FORM_TYPES.onboarding.covers;
    for (const formType of ["feedback", "contract"] as const) {
      const mail = composeFormEmail({ formType, recipientName: "Ada", formUrl: FORM_URL, brand, sender: ada });
      for (const section of sections) expect(mail.text, formType).not.toContain(section);
    }
    // Each type has a subject of its own.
    expect(new Set(Object.values(FORM_TYPES).map((t) => t.subject)).size).toBe(Object.keys(FORM_TYPES).length);
  });

  it("keeps a given subject and escapes a hostile link target in the attribute", () => {
    const mail = composeFormEmail({
      formType: "onboarding",
      recipientName: "Ada",
      subject: "Our form",
      formUrl: 'https://x.example/"onmouseover="alert(1)',
      brand,
      sender: null,
    });
    expect(mail.subject).toBe("Our form");
    expect(mail.html).toContain('href="https://x.example/&quot;onmouseover=&quot;alert(1)"');
  });
});

describe("message mail", () => {
  const message = "Hi Ada,\n\nThe <b>draft</b> is ready & waiting.\nSee you Tuesday.";

  it("is the text the sender wrote, escaped, then their signature: no greeting or sign-off added", () => {
    const mail = composeMessageEmail({ subject: "The draft", message, signature: ada.signature, brand });
    expect(mail.subject).toBe("The draft");
    expect(mail.html).toContain("<p>Hi Ada,</p>\n<p>The &lt;b&gt;draft&lt;/b&gt; is ready &amp; waiting.<br>See you Tuesday.</p>");
    expect(mail.html).not.toContain("<b>draft</b>");
    expect(mail.html).toContain("Ada Lovelace<br>Account lead, Studio Nine");
    expect(mail.html.match(/Hi Ada/g)).toHaveLength(1);
    expect(mail.html).not.toMatch(/Best regards|Hello,/);
    expect(mail.text).toBe(`${message}\n\n${ada.signature}\n\n--\n© 2031 Studio Nine`);
  });

  it("adds nothing under the message when the sender has no signature", () => {
    const mail = composeMessageEmail({ subject: "Hi", message: "Just the text.", signature: "  ", brand });
    expect(mail.text).toBe("Just the text.\n\n--\n© 2031 Studio Nine");
    expect(mail.html).toContain("<p>Just the text.</p>\n</td>");
  });
});

describe("request bodies", () => {
  it("reads a blank subject as the default and keeps subjects on one line", () => {
    expect(SendFormBody.parse({ to: "a@b.co", subject: "  " })).toEqual({ formType: "onboarding", to: "a@b.co" });
    expect(SendFormBody.parse({ to: "a@b.co", subject: "Hi\r\nBcc: x@y.z" }).subject).toBe("Hi Bcc: x@y.z");
  });

  it("counts an SMS of 1600 characters as fine and 1601 as too long", () => {
    expect(SendSmsBody.safeParse({ message: "x".repeat(1600) }).success).toBe(true);
    expect(SendSmsBody.safeParse({ message: "x".repeat(1601) }).success).toBe(false);
  });

  it("stores meeting times as UTC instants and takes the product's defaults", () => {
    const body = ScheduleMeetingBody.parse({
      leadId: LEAD_ID,
      title: "Call",
      startTime: "2030-01-31T09:00:00-05:00",
      endTime: "2030-01-31T09:15:00-05:00",
    });
    expect(body).toMatchObject({
      type: "general",
      meetingType: "google-meet",
      startTime: "2030-01-31T14:00:00.000Z",
      endTime: "2030-01-31T14:15:00.000Z",
    });
  });
});

describe("timeline entries", () => {
  it("describes a failed email with its reason, on its lead", () => {
    const entry = describeMessagingEvent({
      type: "EmailFailed",
      data: { requestId: LEAD_ID, leadId: LEAD_ID, kind: "message", to: "a@b.co", subject: "Hi", error: "550 No such user", attempts: 1 },
    });
    expect(entry).toEqual({ leadId: LEAD_ID, type: "email", title: "Email failed: Hi", description: "To a@b.co: 550 No such user" });
  });

  it("reads the brand and address from MAIL_FROM", () => {
    expect(brandName('"Studio Nine" <hello@studio.test>')).toBe("Studio Nine");
    expect(fromAddress("Studio Nine <hello@studio.test>")).toBe("hello@studio.test");
    expect(brandName("hello@studio.test")).toBe("Our team");
  });
});
