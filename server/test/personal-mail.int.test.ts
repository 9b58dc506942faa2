import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { FORM_TYPES, type FormType } from "@crm/contracts/messaging/commands";
import { startSmtpTestServer, type ParsedMail, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";

// Issue 32, item 1: mail to a lead reads as from the colleague who sent it. Through the routes, the
// event log, the mail reactor and a real SMTP server on loopback, parsed by mailparser as a mail
// client would: From "{name} via {agency}", Reply-To the agency's reply-to or else the sender, the
// body exactly what they wrote plus their signature, and a text/plain part beside the HTML.

const backends = await availableBackends();
const MAIL_FROM = "Crm Robot <hello@studio.test>";
const SIGNATURE = "Ada Lovelace\nAccount lead, Studio Nine\n+44 20 7946 0000";
const MESSAGE = "Good morning Bob,\n\nThe <b>first drafts</b> are ready & attached to the portal.\nCould we talk on Tuesday?\n\nAda";

/** Polls until check passes (the reactors run on their own). */
async function eventually<T>(read: () => T, check: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting for the mail");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every part's Content-Type in a raw message, in order. */
const contentTypes = (raw: string) => [...raw.matchAll(/^Content-Type:\s*([^;\r\n]+)/gim)].map((m) => m[1]!.toLowerCase());
const count = (text: string, what: string) => text.split(what).length - 1;

describe.each(backends)("mail from a person on %s", (backend) => {
  let app: TestApp;
  let smtp: SmtpTestServer;
  let reactors: { stop(): Promise<void> };
  let ada: SignedIn;
  let asAda: LeadClient;
  let leadId: string;

  /** The mail with this subject and its raw source, once the reactor has sent it. */
  async function mailWithSubject(subject: string): Promise<{ mail: ParsedMail; raw: string }> {
    const index = await eventually(
      () => smtp.received.findIndex((m) => m.subject === subject),
      (i) => i >= 0,
    );
    return { mail: smtp.received[index]!, raw: smtp.raw[index]! };
  }

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: "https://crm.example", MAIL_FROM });
    const { system } = app;
    reactors = await startMessagingReactors({
      ...{ db: system.db, store: system.store, config: system.config, now: system.now, pollMs: 100, log: () => undefined },
      retry: { maxAttempts: 3, baseDelayMs: 1, sleep: async () => undefined },
    });
    ada = await signUpAs(app, { role: "Partner", displayName: "Ada Lovelace" });
    asAda = clientFor(app, ada);
    expect((await asAda.patch("/api/profile", { signature: SIGNATURE })).status).toBe(200);
    expect((await asAda.patch("/api/settings", { agencyName: "Studio Nine & Co" })).status).toBe(200);
    leadId = await asAda.createLead({ name: "Bob Client", business: "Bob Co", email: "bob@example.com" });
  });
  afterAll(async () => {
    await reactors?.stop();
    await app?.close();
    await smtp?.close();
  });

  it("sends the message as written, from the colleague via the agency, replies to them, signed with their signature", async () => {
    const sent = await asAda.post(`/api/leads/${leadId}/send-email`, { subject: "Your first drafts", message: MESSAGE });
    expect(sent.status).toBe(202);
    const { mail, raw } = await mailWithSubject("Your first drafts");

    expect(mail.from?.value).toEqual([{ name: "Ada Lovelace via Studio Nine & Co", address: "hello@studio.test" }]);
    // No reply-to in the settings: replies go to the colleague's own address.
    expect(mail.replyTo?.value).toEqual([{ name: "", address: ada.email }]);
    expect(mail.to).toMatchObject({ value: [{ address: "bob@example.com" }] });

    // A text/plain alternative beside the HTML.
    expect(contentTypes(raw)).toEqual(expect.arrayContaining(["multipart/alternative", "text/plain", "text/html"]));
    const text = mail.text!;
    const html = String(mail.html);
    // The text as written, once, in both parts; escaped in the HTML, never markup.
    expect(count(text, MESSAGE)).toBe(1);
    expect(count(html, "The &lt;b&gt;first drafts&lt;/b&gt; are ready &amp; attached to the portal.<br>Could we talk on Tuesday?")).toBe(1);
    expect(html).not.toContain("<b>first drafts</b>");
    // One greeting, the user's own; nothing added before or after it.
    expect(count(text, "Good morning Bob,")).toBe(1);
    expect(text).not.toMatch(/\bHi |\bHello,|Best regards/);
    expect(html).not.toMatch(/\bHi |\bHello,|Best regards/);
    expect(text.trimStart().startsWith(MESSAGE)).toBe(true);
    // Their signature under it, in both parts.
    expect(text).toContain(`${MESSAGE}\n\n${SIGNATURE}`);
    expect(html).toContain("Ada Lovelace<br>Account lead, Studio Nine<br>+44 20 7946 0000");
  });

  it("replies to the agency's reply-to address once a Partner set one", async () => {
    expect((await asAda.patch("/api/settings", { replyTo: "replies@studio.test" })).status).toBe(200);
    expect((await asAda.post(`/api/leads/${leadId}/send-email`, { subject: "Tuesday", message: "See you then." })).status).toBe(202);
    const { mail } = await mailWithSubject("Tuesday");
    expect(mail.from?.value).toEqual([{ name: "Ada Lovelace via Studio Nine & Co", address: "hello@studio.test" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "", address: "replies@studio.test" }]);
    expect(mail.text).toContain(SIGNATURE);
  });

  it.each(Object.keys(FORM_TYPES) as FormType[])("sends the %s form mail from the colleague, naming its own purpose", async (formType) => {
    const own = FORM_TYPES[formType];
    const sent = await asAda.post(`/api/leads/${leadId}/send-form`, { formType, to: "bob@example.com" });
    expect(sent.status).toBe(202);
    const { mail, raw } = await mailWithSubject(own.subject);
    expect(mail.from?.value).toEqual([{ name: "Ada Lovelace via Studio Nine & Co", address: "hello@studio.test" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "", address: "replies@studio.test" }]);
    expect(contentTypes(raw)).toEqual(expect.arrayContaining(["text/plain", "text/html"]));
    const text = mail.text!;
    expect(text).toContain(own.invitation);
    for (const topic of own.covers) expect(text).toContain(`- ${topic}`);
    // One greeting, ours; signed by the colleague with their signature.
    expect(text.match(/^(Hi|Hello)\b.*$/gm)).toEqual(["Hi Bob Client,"]);
    expect(text).toContain(`Thank you,\nAda Lovelace\n\n${SIGNATURE}`);
    expect(String(mail.html)).toContain("Ada Lovelace<br>Account lead, Studio Nine");
    if (formType === "feedback" || formType === "contract") {
      for (const section of FORM_TYPES.onboarding.covers) expect(text).not.toContain(section);
    }
  });

  it("sends the older POST /api/send-email's form mail from the colleague too", async () => {
    const subject = "Welcome aboard, Bob";
    expect((await asAda.post("/api/send-email", { leadId, to: "bob@example.com", subject })).status).toBe(202);
    const { mail } = await mailWithSubject(subject);
    expect(mail.from?.value).toEqual([{ name: "Ada Lovelace via Studio Nine & Co", address: "hello@studio.test" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "", address: "replies@studio.test" }]);
    expect(mail.text).toContain(FORM_TYPES.onboarding.invitation);
  });
});
