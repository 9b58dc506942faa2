/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { PROJECT_MANAGER } from "./support/accounts.ts";
import { checkAndCapture, toast } from "./support/screens.ts";

// docs/product.md, "Meetings, mail and SMS" and "Profile": a Project Manager in Berlin schedules a
// meeting (the dialog names the video provider the server has, Jitsi here, and reads the time in
// their zone), reschedules and cancels it from its menu, and subscribes to their own calendar feed.
// Their profile's zone is put back at the end, so the other journeys see the setup's accounts.
test.use({ storageState: PROJECT_MANAGER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const ZONE = "Europe/Berlin";
let api: APIRequestContext;
let leadId: string;
let zoneBefore: string | null = null;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PROJECT_MANAGER.state, extraHTTPHeaders: { Origin: baseURL! } });
  zoneBefore = ((await (await api.get("/api/profile")).json()) as { timeZone: string | null }).timeZone;
  expect((await api.patch("/api/profile", { data: { timeZone: ZONE } })).ok()).toBe(true);
  const tag = Date.now().toString(36);
  const created = await api.post("/api/leads", {
    data: { name: `Mina Meeting ${tag}`, business: "Mina Studio", email: `mina.${tag}@meetings.test` },
  });
  expect(created.status(), await created.text()).toBe(201);
  leadId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await api.patch("/api/profile", { data: { timeZone: zoneBefore } });
  await api.post(`/api/leads/${leadId}/archive`, { data: {} });
  await api.delete("/api/calendar/feed");
  await api.dispose();
});

test("schedule a meeting in one's own zone, reschedule it from its menu, then cancel it", async ({ page }) => {
  await page.goto(`/lead/${leadId}`);
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText("Meetings", { exact: true }) });
  await expect(card.getByText("No meetings scheduled.")).toBeVisible();

  await card.getByRole("button", { name: "Schedule Meeting" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Meeting" });
  await expect(dialog.getByRole("radio", { name: "Video call (Jitsi)" })).toBeChecked();
  await expect(dialog.getByText(/Google Meet/)).toHaveCount(0);
  await expect(dialog.getByText(`Times are in your time zone (${ZONE}).`)).toBeVisible();
  await dialog.getByLabel("Meeting Title").fill("Kickoff");
  await dialog.getByLabel("Date").fill("2030-03-05");
  await dialog.getByLabel("Time").fill("10:00");
  await dialog.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(
    toast(page).filter({ hasText: "Kickoff has been scheduled with a Jitsi video call and an invite has been sent to you and the lead" }),
  ).toBeVisible();
  await expect(card.getByText("Mar 5, 2030, 10:00 AM – 11:00 AM")).toBeVisible();
  // 10:00 in Berlin is 09:00 UTC, whatever the browser's zone.
  const [meeting] = (await (await api.get(`/api/meetings?leadId=${leadId}`)).json()) as { startTime: string; meetLink: string | null }[];
  expect(meeting!.startTime).toBe("2030-03-05T09:00:00.000Z");
  await expect(card.getByRole("link", { name: "Join the Jitsi video call" })).toBeVisible();

  await card.getByRole("button", { name: "Actions for Kickoff" }).click();
  await page.getByRole("menuitem", { name: "Reschedule" }).click();
  const reschedule = page.getByRole("dialog", { name: "Reschedule Meeting" });
  await expect(reschedule.getByLabel("Time")).toHaveValue("10:00");
  await reschedule.getByLabel("Date").fill("2030-03-06");
  await reschedule.getByLabel("Time").fill("15:30");
  await checkAndCapture(page, "meeting-reschedule");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SHOTS, "meeting-reschedule-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await reschedule.getByRole("button", { name: "Reschedule" }).click();
  await expect(card.getByText("Mar 6, 2030, 3:30 PM – 4:30 PM")).toBeVisible();
  await expect(card.getByText("Mar 5, 2030, 10:00 AM – 11:00 AM")).toHaveCount(0);

  await card.getByRole("button", { name: "Actions for Kickoff" }).click();
  await page.getByRole("menuitem", { name: "Cancel meeting" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Kickoff?" });
  await expect(cancel.getByText(/A cancellation goes to mina\..*@meetings\.test and to you/)).toBeVisible();
  await cancel.getByRole("button", { name: "Cancel Meeting" }).click();
  await expect(card.getByText("cancelled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Actions for Kickoff" })).toHaveCount(0);
  await checkAndCapture(page, "meetings-card");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SHOTS, "meetings-card-375-light.png"), fullPage: true });
});

test("turn on the calendar feed, subscribe to it, renew it and turn it off", async ({ page, baseURL }) => {
  const scheduled = await api.post("/api/meetings", {
    data: {
      leadId,
      title: "Design review",
      meetingType: "in-person",
      location: "Studio",
      startTime: "2030-04-01T08:00:00Z",
      endTime: "2030-04-01T08:30:00Z",
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const { id } = (await scheduled.json()) as { id: string };

  await page.goto("/profile");
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText("Calendar feed", { exact: true }) });
  await expect(card.getByText(/Google Calendar .* Outlook .* Apple Calendar/)).toBeVisible();
  await card.getByRole("button", { name: "Turn on calendar feed" }).click();
  const address = card.getByRole("textbox", { name: "Calendar feed address" });
  await expect(address).toHaveValue(new RegExp(`^${baseURL!.replace(/[.]/g, "\\.")}/api/calendar/feeds/[a-z2-7]{32}\\.ics$`));
  const first = await address.inputValue();

  // A calendar app fetches it with no session: the address is the credential.
  const anonymous = await request.newContext();
  await expect.poll(async () => (await (await anonymous.get(first)).text()).includes(`UID:${id}@agency-crm`)).toBe(true);
  expect((await anonymous.get(first)).headers()["content-type"]).toMatch(/^text\/calendar/);
  await checkAndCapture(page, "profile-calendar-feed");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SHOTS, "profile-calendar-feed-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole("button", { name: "Renew" }).click();
  await expect(address).not.toHaveValue(first);
  expect((await anonymous.get(first)).status()).toBe(404);
  const second = await address.inputValue();
  expect((await anonymous.get(second)).status()).toBe(200);
  await card.getByRole("button", { name: "Turn off" }).click();
  await expect(card.getByText("Your feed is off.")).toBeVisible();
  expect((await anonymous.get(second)).status()).toBe(404);
  await anonymous.dispose();
});
