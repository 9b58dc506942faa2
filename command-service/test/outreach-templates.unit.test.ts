import { describe, expect, it } from "vitest";
import { describeMessagingEvent, formatUtc } from "@crm/contracts/messaging/describe";
import { SendFormBody, SendSmsBody } from "@crm/contracts/messaging/commands";
import { ScheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { composeFormEmail } from "../src/messaging/templates/form-email.ts";
import { brandName, fromAddress } from "../src/messaging/templates/layout.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
/** A client link token (decisions/038): 43 base64url characters. */
const TOKEN = "q3Zt0mYk8vJx2Hc7Lw5Rb1Ns9Pd4Fg6Ae0Ui3Ko7Ty2";
const brand = { name: "Studio Nine", year: 2031 };

describe("form mail", () => {
  it("uses the default subject and invitation, and greets without a name when none is known", () => {
    const mail = composeFormEmail({ formType: "feedback", recipientName: null, formUrl: `https://crm.example/onboarding-form/${TOKEN}`, brand });
    expect(mail.subject).toBe("Complete Your Project Questionnaire");
    expect(mail.html).toContain("<p>Hello,</p>");
    expect(mail.html).toContain("complete our Feedback Form");
    expect(mail.html).toContain("&copy; 2031 Studio Nine");
    expect(mail.text).toContain(`Open the form: https://crm.example/onboarding-form/${TOKEN}`);
  });

  it("keeps a given subject and escapes a hostile link target in the attribute", () => {
    const mail = composeFormEmail({ formType: "onboarding", recipientName: "Ada", subject: "Our form", formUrl: 'https://x.example/"onmouseover="alert(1)', brand });
    expect(mail.subject).toBe("Our form");
    expect(mail.html).toContain('href="https://x.example/&quot;onmouseover=&quot;alert(1)"');
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
    const body = ScheduleMeetingBody.parse({ leadId: LEAD_ID, title: "Call", startTime: "2030-01-31T09:00:00-05:00", endTime: "2030-01-31T09:15:00-05:00" });
    expect(body).toMatchObject({ type: "general", meetingType: "google-meet", startTime: "2030-01-31T14:00:00.000Z", endTime: "2030-01-31T14:15:00.000Z" });
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

  it("formats instants as the product's date and time, in UTC", () => {
    expect(formatUtc("2030-01-31T00:05:00.000Z")).toBe("Jan 31, 2030 at 12:05 AM UTC");
    expect(formatUtc("2030-07-04T13:30:00.000Z")).toBe("Jul 4, 2030 at 1:30 PM UTC");
  });

  it("reads the brand and address from MAIL_FROM", () => {
    expect(brandName('"Studio Nine" <hello@studio.test>')).toBe("Studio Nine");
    expect(fromAddress("Studio Nine <hello@studio.test>")).toBe("hello@studio.test");
    expect(brandName("hello@studio.test")).toBe("Our team");
  });
});
