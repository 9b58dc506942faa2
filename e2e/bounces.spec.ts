/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { PARTNER } from "./support/accounts.ts";
import { INBOUND, inboundSmtp } from "./support/mail.ts";
import { checkAndCapture, shootAt375, toast } from "./support/screens.ts";

// Issue 33, items 3 and 4 (docs/product.md, "Replies", "Bounces and meeting answers"): a delivery
// report and a calendar answer, sent over SMTP to the server's inbound listener, mark the lead's
// email undeliverable (and Send Email says why it is refused) and show the lead's answer on the
// meetings card. Each journey makes its own lead (@bounces.test) and archives it at the end.
test.use({ storageState: PARTNER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let api: APIRequestContext;

const smtp = inboundSmtp();

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
});

test.afterAll(async () => {
  const open = (await (await api.get("/api/leads?search=bounces.test")).json()) as { id: string }[];
  for (const { id } of open) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
  smtp.close();
});

async function createLead(name: string, email: string): Promise<string> {
  const created = await api.post("/api/leads", { data: { name, business: `${name} Ltd`, email } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Sends raw RFC 5322 text to the lead's reply address, as the reporting or answering server would. */
async function deliver(leadId: string, from: string, raw: string) {
  await smtp.sendMail({ envelope: { from, to: [leadReplyAddress(INBOUND, leadId)] }, raw: raw.replace(/\n/g, "\r\n") });
}

/** Postfix's delivery report that mail to `email` failed for good (5.1.1). */
const bounceReport = (leadId: string, email: string, t: string) => `From: MAILER-DAEMON@mx.bounces.test (Mail Delivery System)
To: ${leadReplyAddress(INBOUND, leadId)}
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce-${t}@mx.bounces.test>
Date: Fri, 27 Nov 2026 09:02:11 +0000
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="b-${t}"

--b-${t}
Content-Type: text/plain; charset=us-ascii

Your message could not be delivered to one or more recipients.

--b-${t}
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.bounces.test

Final-Recipient: rfc822; ${email}
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <${email}>: Recipient address rejected: User unknown

--b-${t}
Content-Type: text/rfc822-headers

From: crm@agency.test
To: ${email}
Subject: Proposal
Message-ID: <sent-${t}@agency-crm>

--b-${t}--
`;

/** A calendar program's answer (METHOD:REPLY) to the meeting's invite. */
const calendarAnswer = (leadId: string, email: string, meetingId: string, t: string) => `From: ${email}
To: ${leadReplyAddress(INBOUND, leadId)}
Subject: Accepted: Kickoff ${t}
Message-ID: <rsvp-${t}@client.bounces.test>
Date: Fri, 27 Nov 2026 09:10:00 +0000
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="r-${t}"

--r-${t}
Content-Type: text/plain; charset=utf-8

${email} has accepted this invitation.

--r-${t}
Content-Type: text/calendar; charset=utf-8; method=REPLY

BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Client//Calendar//EN
METHOD:REPLY
BEGIN:VEVENT
UID:${meetingId}@agency-crm
DTSTAMP:20261127T091000Z
SEQUENCE:0
ATTENDEE;PARTSTAT=ACCEPTED:mailto:${email}
END:VEVENT
END:VCALENDAR

--r-${t}--
`;

test("a delivery report marks the email undeliverable, and Send Email says why it is refused until the email is edited", async ({
  page,
}) => {
  const t = tag();
  const name = `Bea Bounce ${t}`;
  const email = `bea.${t}@bounces.test`;
  const leadId = await createLead(name, email);
  await page.goto(`/lead/${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Email undeliverable")).toHaveCount(0);

  await deliver(leadId, "", bounceReport(leadId, email, t));
  await expect(page.getByText("Email undeliverable")).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(`: 550 5.1.1 <${email}>: Recipient address rejected: User unknown. Edit the email to send again.`),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" }).getByText(`Mail to ${email} bounced`)).toBeVisible();
  await checkAndCapture(page, "bounce-lead");
  await shootAt375(page, "bounce-lead");

  await page.getByRole("button", { name: "Send Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Send Email" });
  await dialog.getByRole("textbox", { name: "Subject" }).fill("Proposal");
  await dialog.getByRole("textbox", { name: "Message" }).fill("Here it is.");
  await dialog.getByRole("button", { name: "Send Email" }).click();
  await expect(toast(page).filter({ hasText: `Mail to ${email} bounced` })).toBeVisible();
  await expect(toast(page).filter({ hasText: "change the lead's email to send again" })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "bounce-refused-light.png"), fullPage: true });
  await page.keyboard.press("Escape");

  const edited = await api.patch(`/api/leads/${leadId}`, { data: { email: `bea.new.${t}@bounces.test` } });
  expect(edited.status()).toBe(200);
  await expect(page.getByText("Email undeliverable")).toHaveCount(0, { timeout: 30_000 });
});

test("a calendar answer shows the lead's RSVP on the meetings card and the timeline", async ({ page }) => {
  const t = tag();
  const name = `Rob Rsvp ${t}`;
  const email = `rob.${t}@bounces.test`;
  const leadId = await createLead(name, email);
  const meeting = await api.post("/api/meetings", {
    data: {
      leadId,
      title: `Kickoff ${t}`,
      meetingType: "in-person",
      location: "Studio",
      startTime: "2030-03-05T09:00:00Z",
      endTime: "2030-03-05T10:00:00Z",
    },
  });
  expect(meeting.status(), await meeting.text()).toBe(201);
  const meetingId = ((await meeting.json()) as { id: string }).id;
  await page.goto(`/lead/${leadId}`);
  const card = page.getByRole("list", { name: "Meetings" }).getByRole("listitem", { name: `Kickoff ${t}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("Accepted")).toHaveCount(0);

  await deliver(leadId, email, calendarAnswer(leadId, email, meetingId, t));
  await expect(card.getByText("Accepted", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Recent activity" }).getByText(`${email} accepted Kickoff ${t}`)).toBeVisible();
  await checkAndCapture(page, "rsvp-meeting");
  await shootAt375(page, "rsvp-meeting");
});
