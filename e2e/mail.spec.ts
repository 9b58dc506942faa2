/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { PARTNER } from "./support/accounts.ts";
import { mailsTo } from "./support/mail.ts";
import { checkAndCapture, toast } from "./support/screens.ts";

// Issue 32, items 1 and 5 (docs/product.md, "Meetings, mail and SMS"): Send Form says what each form
// type's mail covers, and the mail it sends names that type's purpose; Send Email sends what was
// written, from the colleague via the agency. Each journey makes its own lead (@mail.test) and
// archives it at the end.
test.use({ storageState: PARTNER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let api: APIRequestContext;

async function mailTo(to: string): Promise<string> {
  await expect.poll(() => mailsTo(to).length, { message: `a mail to ${to}` }).toBeGreaterThan(0);
  return mailsTo(to).at(-1)!;
}

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
});

test.afterAll(async () => {
  const open = (await (await api.get("/api/leads?search=mail.test")).json()) as { id: string }[];
  for (const { id } of open) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
});

async function createLead(name: string, email: string): Promise<string> {
  const created = await api.post("/api/leads", { data: { name, business: `${name} Ltd`, email } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function shootAt375(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("dialog").screenshot({ path: path.join(SHOTS, `${name}-375-light.png`) });
  if (size) await page.setViewportSize(size);
}

test("Send Form describes the chosen type and mails that type's purpose", async ({ page }) => {
  const t = tag();
  const name = `Fay Feedback ${t}`;
  const email = `fay.${t}@mail.test`;
  await createLead(name, email);

  await page.goto("/leads");
  await page.getByRole("searchbox", { name: "Search leads" }).fill(name);
  await expect(page.getByText(/^1 matching lead$/)).toBeVisible();
  await page
    .getByRole("article", { name, exact: true })
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  await page.getByRole("menuitem", { name: "Send Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Send Form" });
  await expect(dialog.getByText("The mail says the Client Onboarding Form covers:")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Form Type" }).click();
  await page.getByRole("option", { name: "Feedback Form" }).click();
  await expect(dialog.getByRole("textbox", { name: "Subject" })).toHaveValue("Tell Us How We Are Doing");
  await expect(dialog.getByText("The areas you would like us to improve")).toBeVisible();
  await expect(dialog.getByText(/Your social media presence/)).toHaveCount(0);
  await checkAndCapture(page, "send-form-feedback");
  await shootAt375(page, "send-form-feedback");

  await dialog.getByRole("button", { name: "Send Form" }).click();
  await expect(toast(page)).toContainText(`Feedback Form has been sent to ${email}`);
  const mail = await mailTo(email);
  expect(mail).toMatch(/^Subject: Tell Us How We Are Doing\s*$/m);
  expect(mail).toMatch(new RegExp(`^From: "?${PARTNER.displayName} via [^<\\n]+"? <[^>]+>`, "m"));
  expect(mail).toMatch(/Content-Type: text\/plain/);
  expect(mail).toContain("The areas you would like us to improve");
  expect(mail).not.toContain("Your social media presence");
});

test("Send Email sends what was written, with no greeting added, from the colleague", async ({ page }) => {
  const t = tag();
  const name = `Max Message ${t}`;
  const email = `max.${t}@mail.test`;
  const id = await createLead(name, email);

  await page.goto(`/lead/${id}`);
  await page.getByRole("button", { name: "Send Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Send Email" });
  await dialog.getByLabel("Subject").fill("Drafts are ready");
  await dialog.getByLabel("Message").fill("Morning Max,\n\nThe drafts are ready for you.");
  await expect(dialog.getByText(/Sent as you write it/)).toBeVisible();
  await checkAndCapture(page, "send-email-dialog");
  await shootAt375(page, "send-email-dialog");

  await dialog.getByRole("button", { name: "Send Email" }).click();
  await expect(toast(page)).toContainText("Email Sent");
  const mail = await mailTo(email);
  expect(mail).toMatch(new RegExp(`^From: "?${PARTNER.displayName} via [^<\\n]+"? <[^>]+>`, "m"));
  expect(mail).toMatch(/^Reply-To: /m);
  expect(mail).toContain("Morning Max,");
  expect(mail).not.toMatch(/Hi Max|Best regards/);
});
