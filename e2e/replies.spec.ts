/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { PARTNER } from "./support/accounts.ts";
import { INBOUND, inboundSmtp, mailsTo } from "./support/mail.ts";
import { checkAndCapture, shootAt375, toast } from "./support/screens.ts";

// Issue 33, items 2 and 5 (docs/product.md, "Replies"): a client's reply, sent over SMTP to the
// server's inbound listener, lands live on the lead's timeline and in its Conversation card, and a
// colleague answers it in the thread; a message that matches no lead waits in the Inbox until it is
// assigned. Each journey makes its own lead (@replies.test) and archives it at the end.
test.use({ storageState: PARTNER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let api: APIRequestContext;

const smtp = inboundSmtp();

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
});

test.afterAll(async () => {
  const open = (await (await api.get("/api/leads?search=replies.test")).json()) as { id: string }[];
  for (const { id } of open) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
  smtp.close();
});

async function createLead(name: string, email: string): Promise<string> {
  const created = await api.post("/api/leads", { data: { name, business: `${name} Ltd`, email } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test("a reply lands live on the lead's timeline and conversation, and is answered in its thread", async ({ page }) => {
  const t = tag();
  const name = `Rita Reply ${t}`;
  const email = `rita.${t}@replies.test`;
  const leadId = await createLead(name, email);
  await page.goto(`/lead/${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const conversation = page.getByRole("list", { name: "Conversation" });
  await expect(page.getByText("No mail yet. Emails you send and the lead's replies show here.")).toBeVisible();

  const messageId = `<reply-${t}@client.replies.test>`;
  await smtp.sendMail({
    from: `"${name}" <${email}>`,
    to: leadReplyAddress(INBOUND, leadId),
    subject: `Re: Our proposal ${t}`,
    text: "Monday works for us.\nRita",
    messageId,
  });

  // Live, without a reload: the timeline's entry and the conversation's message.
  await expect(page.getByRole("list", { name: "Recent activity" }).getByText(`Reply from ${name}: Re: Our proposal ${t}`)).toBeVisible({
    timeout: 30_000,
  });
  const received = conversation.getByRole("listitem", { name: `Received: Re: Our proposal ${t}` });
  await expect(received).toBeVisible();
  await expect(received).toContainText("Monday works for us.");
  await checkAndCapture(page, "replies-conversation");
  await shootAt375(page, "replies-conversation");

  await received.getByRole("button", { name: `Reply to Re: Our proposal ${t}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reply" });
  await expect(dialog.getByRole("textbox", { name: "Subject" })).toHaveValue(`Re: Our proposal ${t}`);
  await expect(dialog.getByRole("textbox", { name: "Message" })).toHaveValue("");
  await dialog.getByRole("textbox", { name: "Message" }).fill(`Monday at ten, then. ${t}`);
  await dialog.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(page).filter({ hasText: "Reply Sent" })).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { message: `the reply to ${email}` }).toBeGreaterThan(0);
  const mail = mailsTo(email).at(-1)!;
  expect(mail).toMatch(new RegExp(`^In-Reply-To: ${messageId.replace(/[.+]/g, "\\$&")}\\s*$`, "m"));
  expect(mail).toMatch(new RegExp(`^References: .*${messageId.replace(/[.+]/g, "\\$&")}`, "m"));
  expect(mail).toMatch(new RegExp(`^Subject: Re: Our proposal ${t}\\s*$`, "m"));
  await expect(conversation.getByRole("listitem", { name: `Sent: Re: Our proposal ${t}` })).toBeVisible();
  await page
    .locator(`[data-slot="card"]`)
    .filter({ has: conversation })
    .screenshot({ path: path.join(SHOTS, "replies-thread-light.png") });
});

test("an unmatched message waits in the Inbox and, once assigned, shows on its lead", async ({ page }) => {
  const t = tag();
  const name = `Sam Inbox ${t}`;
  const leadId = await createLead(name, `sam.${t}@replies.test`);
  const subject = `Question about my account ${t}`;
  await smtp.sendMail({
    from: `"Sam's Colleague" <colleague.${t}@elsewhere.example>`,
    to: INBOUND,
    subject,
    text: "Who handles our account these days?",
    messageId: `<loose-${t}@elsewhere.example>`,
  });

  await page.goto("/inbox");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ has: page.getByText(subject, { exact: true }) });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" })).toHaveAccessibleDescription(
    /\d+ waiting/,
  );
  await checkAndCapture(page, "inbox");
  await shootAt375(page, "inbox");

  await item.getByRole("button", { name: `Assign "${subject}" to a lead` }).click();
  const dialog = page.getByRole("dialog", { name: "Assign to Lead" });
  await dialog.getByRole("combobox", { name: "Lead" }).click();
  await page.getByPlaceholder("Name, business or email").fill(`Sam Inbox ${t}`);
  await page.getByRole("option", { name: new RegExp(name) }).click();
  await expect(dialog.getByRole("combobox", { name: "Lead" })).toContainText(name);
  await checkAndCapture(page, "inbox-assign");
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(toast(page).filter({ hasText: "Message Assigned" })).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.goto(`/lead/${leadId}`);
  const assigned = page.getByRole("list", { name: "Conversation" }).getByRole("listitem", { name: `Received: ${subject}` });
  await expect(assigned).toBeVisible();
  await expect(assigned).toContainText("assigned from the inbox");
  await expect(assigned.getByRole("button", { name: `Reply to ${subject}` })).toBeVisible();
});
