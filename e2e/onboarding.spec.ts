/// <reference lib="dom" />
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { CREATIVE_DIRECTOR, PARTNER } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { checkAndCapture, toast, useTheme } from "./support/screens.ts";

const SHOTS = path.join(import.meta.dirname, "screenshots");

test.use({ storageState: PARTNER.state });

/** A new client in "Contract Signed", created through the API as the Partner. */
async function signedClient(page: Page): Promise<string> {
  await page.goto("/dashboard");
  const headers = { Origin: new URL(page.url()).origin }; // cookie-authenticated changes come from the app's origin
  const created = await page.request.post("/api/leads", {
    headers,
    data: { name: "Nora Quinn", business: "Quinn Interiors", email: "nora@quinninteriors.test", priority: "high" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.patch(`/api/leads/${id}`, { headers, data: { stage: "Contract Signed" } })).ok()).toBe(true);
  return id;
}

const EXPIRED = "This link has expired; ask your agency for a new one.";

/** Staff create a client link on the lead page (decisions/038); answers the URL it shows once. */
async function createLinkOnLeadPage(page: Page, leadId: string): Promise<string> {
  await page.goto(`/lead/${leadId}`);
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "Client questionnaire link" }) });
  await expect(card.getByText(/No live link/)).toBeVisible();
  await card.getByRole("button", { name: "Create new link" }).click();
  const box = card.getByRole("textbox", { name: "New client questionnaire link" });
  await expect(box).toBeVisible();
  await expect(card.getByRole("button", { name: "Copy" })).toBeVisible();
  const url = await box.inputValue();
  expect(url).toMatch(/\/onboarding-form\/[A-Za-z0-9_-]{43}$/);
  expect(url).not.toContain(leadId);
  await checkAndCapture(page, "lead-client-link");
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await card.screenshot({ path: path.join(SHOTS, "lead-client-link-375-light.png") });
  if (size) await page.setViewportSize(size);
  return url;
}

test("a client answers the public questionnaire; staff see it on the onboarding page and assign a director", async ({ page, browser }) => {
  const leadId = await signedClient(page);
  const link = await createLinkOnLeadPage(page, leadId);

  // The client: not signed in, in a browser of their own, on a phone.
  const client = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const form = await client.newPage();
  await form.goto(`/onboarding-form/${leadId}`); // a link sent before tokens
  await expect(form.getByRole("alert")).toHaveText(EXPIRED);
  await form.goto(new URL(link).pathname);
  await expect(form.getByRole("heading", { level: 1, name: "Client Onboarding Questionnaire" })).toBeVisible();
  await expectAccessible(form, "public questionnaire");
  await form.screenshot({ path: path.join(SHOTS, "questionnaire-375-light.png"), fullPage: true });
  await form.getByLabel("Instagram followers").fill("1200");
  await form.getByLabel("TikTok followers").fill("350");
  await form.getByLabel("Describe your brand in five words").fill("calm, crafted, warm, local, timeless");
  await form.getByLabel("Goals").fill("Fill the spring design consultations.");
  await form.getByRole("button", { name: "Submit Questionnaire" }).click();
  await expect(form.getByText("Thank You!", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Instagram followers")).toHaveValue("");
  await expect(form.getByLabel("Goals")).toHaveValue("");
  await useTheme(form, "dark");
  await form.screenshot({ path: path.join(SHOTS, "questionnaire-375-dark.png"), fullPage: true });
  await client.close();

  // Staff: the answers, the activity and the progress of that client.
  await page.goto(`/onboarding?client=${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Onboarding" })).toBeVisible();
  await expect(page.getByText("Nora Quinn is at")).toBeVisible();
  const answers = page.getByRole("region", { name: "Social media audience" });
  await expect(answers.getByText("1,200")).toBeVisible();
  await expect(page.getByText("Fill the spring design consultations.")).toBeVisible();
  const activities = page.getByRole("list", { name: "Recent onboarding activities" });
  await expect(activities.getByText("Onboarding questionnaire submitted", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Onboarding progress" }).getByRole("listitem").filter({ hasText: "Director Assigned" }),
  ).toContainText("Pending");

  // Send Onboarding Form: the mail is queued and the client moves to "Onboarding Form Sent" (reactor, live update).
  await page.getByRole("button", { name: "Send Onboarding Form" }).click();
  const sendForm = page.getByRole("dialog");
  await expect(sendForm.getByLabel("Recipient Email")).toHaveValue("nora@quinninteriors.test");
  await sendForm.getByRole("button", { name: "Send Form" }).click();
  await expect(page.getByText("Email Sent Successfully", { exact: true })).toBeVisible();
  await expect(page.getByText("Nora Quinn is at Onboarding Form Sent")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Form Sent" }).first()).toHaveAttribute("aria-current", "step");
  // The mail carried a new link, which replaced the one the client used.
  const again = await browser.newContext();
  const stale = await again.newPage();
  await stale.goto(new URL(link).pathname);
  await expect(stale.getByRole("alert")).toHaveText(EXPIRED);
  await again.close();

  // Assign Director: a director must be chosen; then the client moves on.
  await page.getByRole("button", { name: "Assign Director" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign Creative Director" });
  await dialog.getByRole("button", { name: "Assign Director" }).click();
  await expect(dialog.getByText("Please select a creative director")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Creative director" }).click();
  await page.getByRole("option", { name: CREATIVE_DIRECTOR.displayName }).click();
  await dialog.getByRole("button", { name: "Assign Director" }).click();
  await expect(toast(page).locator('[data-slot="toast-title"]')).toHaveText("Director Assigned");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nora Quinn is at Creative Director Assigned")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Director Assigned" }).first()).toHaveAttribute("aria-current", "step");
  // Other journeys assign directors to their own clients too: look at this client's entries only.
  const noraEntries = activities.getByRole("listitem").filter({ hasText: "Nora Quinn" });
  await expect(noraEntries.getByText("Creative director assigned", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Creative director: ${CREATIVE_DIRECTOR.displayName}`)).toBeVisible();
  await checkAndCapture(page, "onboarding");

  // The lead page's timeline has it too.
  const timeline = await (await page.request.get(`/api/activities?leadId=${leadId}`)).json();
  expect(timeline.map((a: { title: string }) => a.title)).toEqual(
    expect.arrayContaining(["Creative director assigned", "Onboarding questionnaire submitted"]),
  );

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByText("Nora Quinn is at Creative Director Assigned")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "onboarding-375-light.png"), fullPage: true });
});

test("the public form on a wide screen, a revoked link, and the link without a token", async ({ page: staff, browser }) => {
  const leadId = await signedClient(staff);
  const headers = { Origin: new URL(staff.url()).origin };
  const created = await staff.request.post(`/api/leads/${leadId}/client-link`, { headers, data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole("button", { name: "Submit Questionnaire" })).toBeVisible();
  await checkAndCapture(page, "questionnaire");

  // Revoked on the onboarding client card: the client's page says the link expired.
  await staff.goto(`/onboarding?client=${leadId}`);
  await staff.getByRole("button", { name: "Revoke link" }).click();
  await staff.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(staff.getByText(/No live link/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(EXPIRED);
  await checkAndCapture(page, "questionnaire-expired");
  await page.goto("/onboarding-form");
  await expect(page.getByRole("alert")).toHaveText("Invalid questionnaire link. Please use the link provided in your email.");
  await context.close();
});
