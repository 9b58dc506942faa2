/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { PARTNER, PROJECT_MANAGER, type Account } from "./support/accounts.ts";
import { checkAndCapture, toast } from "./support/screens.ts";

// Issue 32, items 3 and 4: a call logged with a follow-up date shows on the lead's timeline and in its
// history; and one meeting reads in each colleague's own zone (the profile's), whatever the browser's.
// The journeys make their own lead, put both colleagues' zones back and archive the lead at the end.
test.use({ storageState: PARTNER.state, timezoneId: "Asia/Tokyo" });
test.describe.configure({ mode: "serial" });

const SHOTS = path.join(import.meta.dirname, "screenshots");
/** 09:00 UTC: 10:00 AM in Berlin (CET), 4:00 AM in New York (EST). */
const START = "2030-03-05T09:00:00.000Z";
const END = "2030-03-05T09:30:00.000Z";

let partner: APIRequestContext;
let manager: APIRequestContext;
let leadId: string;
const zonesBefore = new Map<APIRequestContext, string | null>();

const apiAs = (who: Account, baseURL: string) =>
  request.newContext({ baseURL, storageState: who.state, extraHTTPHeaders: { Origin: baseURL } });

async function setZone(api: APIRequestContext, timeZone: string | null) {
  if (!zonesBefore.has(api)) zonesBefore.set(api, ((await (await api.get("/api/profile")).json()) as { timeZone: string | null }).timeZone);
  const changed = await api.patch("/api/profile", { data: { timeZone } });
  expect(changed.status(), await changed.text()).toBe(200);
}

const recentActivity = (page: Page) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "Recent Activity" }) });

test.beforeAll(async ({ baseURL }) => {
  partner = await apiAs(PARTNER, baseURL!);
  manager = await apiAs(PROJECT_MANAGER, baseURL!);
  const created = await partner.post("/api/leads", {
    data: { name: "Tia Timeline", business: "Clockwork Ltd", email: "tia@activities.test" },
  });
  expect(created.status(), await created.text()).toBe(201);
  leadId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => {
  for (const [api, zone] of zonesBefore) await api.patch("/api/profile", { data: { timeZone: zone } });
  await partner.post(`/api/leads/${leadId}/archive`, { data: {} });
  await partner.dispose();
  await manager.dispose();
});

test("log a call with a follow-up date and see it on the timeline and in the history", async ({ page }) => {
  await setZone(partner, "Europe/Berlin");
  await page.goto(`/lead/${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tia Timeline" })).toBeVisible();
  await recentActivity(page).getByRole("button", { name: "Log Activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Activity" });
  await dialog.getByRole("button", { name: "Log Activity" }).click();
  await expect(dialog.getByRole("textbox", { name: /Summary/ })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Summary is required")).toBeVisible();

  await expect(dialog.getByRole("combobox", { name: /Type/ })).toHaveText("Call");
  await dialog.getByRole("textbox", { name: /Summary/ }).fill("Talked through the budget");
  await dialog.getByLabel("Details").fill("Wants two options; call back after the board meets.");
  await dialog.getByLabel("Follow-up date").fill("2099-03-06");
  await expect(dialog).toContainText("A day in your time zone (Europe/Berlin)");
  await checkAndCapture(page, "activities-log-dialog");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(dialog.getByRole("button", { name: "Log Activity" })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "activities-log-dialog-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Log Activity" }).click();
  await expect(toast(page)).toContainText("Activity Logged");
  await expect(toast(page)).toContainText("Follow up by Mar 6, 2099.");
  await expect(dialog).toBeHidden();

  const entry = recentActivity(page).getByRole("listitem").filter({ hasText: "Call: Talked through the budget" });
  await expect(entry).toContainText("Wants two options; call back after the board meets.");
  await expect(entry).toContainText("Follow up by Mar 6, 2099");
  await expect(entry).toContainText(PARTNER.displayName);
  const information = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "Lead Information" }) });
  await expect(information).toContainText("Call: Talked through the budget");

  const history = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "History" }) });
  const logged = history.getByRole("list", { name: "Events" }).getByRole("listitem").first();
  await expect(logged).toContainText("Call: Talked through the budget");
  await expect(logged).toContainText(PARTNER.displayName);
  await expect(logged).toContainText("followUpOn");
  await expect(history).toContainText("Times are in Europe/Berlin.");
  await toast(page).getByRole("button").click();
  await checkAndCapture(page, "activities-timeline");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(entry).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "activities-timeline-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("a Berlin colleague and a New York colleague see the same meeting in their own zones", async ({ page, browser, baseURL }) => {
  const meeting = await partner.post("/api/meetings", {
    data: { leadId, title: "Kick-off", meetingType: "in-person", location: "Studio", startTime: START, endTime: END },
  });
  expect(meeting.status(), await meeting.text()).toBe(201);
  await setZone(partner, "Europe/Berlin");
  await setZone(manager, "America/New_York");

  await page.goto(`/lead/${leadId}`);
  const berlin = recentActivity(page).getByRole("listitem").filter({ hasText: "Meeting scheduled: Kick-off" });
  await expect(berlin).toContainText("Mar 5, 2030 at 10:00 AM, at Studio");

  const theirs = await browser.newContext({ baseURL, storageState: PROJECT_MANAGER.state, timezoneId: "Asia/Tokyo" });
  const pmPage = await theirs.newPage();
  await pmPage.goto(`/lead/${leadId}`);
  const newYork = recentActivity(pmPage).getByRole("listitem").filter({ hasText: "Meeting scheduled: Kick-off" });
  await expect(newYork).toContainText("Mar 5, 2030 at 4:00 AM, at Studio");
  await checkAndCapture(pmPage, "activities-meeting-new-york");
  await theirs.close();
});
