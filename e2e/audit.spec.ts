/// <reference lib="dom" />
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Download } from "@playwright/test";
import { PARTNER, PROJECT_MANAGER } from "./support/accounts.ts";
import { checkAndCapture } from "./support/screens.ts";

// docs/product.md, "Audit" (issue 39): an auditor filters the log by a colleague and a week, opens a
// meeting's state at a past moment (before it was rescheduled), and exports what the filters found.
// The colleague's lead is archived at the end, so the other journeys' counts stay as the setup left them.

const SHOTS = path.join(import.meta.dirname, "screenshots");
const PASSWORD = "quiet harbour lantern seventeen";
const NO_SESSION = { cookies: [], origins: [] };
const FIRST_START = "2030-03-05T09:00:00.000Z";
const MOVED_START = "2030-03-06T14:30:00.000Z";

let partner: APIRequestContext;
let manager: APIRequestContext;
let auditor: APIRequestContext;
let managerId: string;
let leadId: string;
let meetingStream: string;

const apiAs = (baseURL: string, storageState: string | typeof NO_SESSION) =>
  request.newContext({ baseURL, storageState, extraHTTPHeaders: { Origin: baseURL } });

test.beforeAll(async ({ baseURL }) => {
  partner = await apiAs(baseURL!, PARTNER.state);
  manager = await apiAs(baseURL!, PROJECT_MANAGER.state);
  managerId = ((await (await manager.get("/api/auth/me")).json()) as { user: { id: string } }).user.id;

  // An Auditor: a new colleague approved by the Partner, then given the role.
  auditor = await apiAs(baseURL!, NO_SESSION);
  const email = `aude.auditor.${Date.now().toString(36)}@agency.test`;
  expect((await auditor.post("/api/auth/sign-up", { data: { email, password: PASSWORD } })).status()).toBe(201);
  const registered = await auditor.post("/api/auth/register", { data: { displayName: "Aude Auditor", role: "Project Manager" } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id: auditorId } = (await registered.json()) as { id: string };
  expect((await partner.post(`/api/users/${auditorId}/approve`)).ok()).toBe(true);
  const promoted = await partner.post(`/api/users/${auditorId}/role`, { data: { role: "Auditor" } });
  expect(promoted.status(), await promoted.text()).toBe(200);

  // What the colleague does this week: a lead, a meeting with it, and the meeting moved a day.
  const tag = Date.now().toString(36);
  const lead = await manager.post("/api/leads", {
    data: { name: `Olga Audit ${tag}`, business: "Audit Bakery", email: `olga.${tag}@audit.test` },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  leadId = ((await lead.json()) as { id: string }).id;
  const meeting = await manager.post("/api/meetings", {
    data: {
      leadId,
      title: "Books review",
      meetingType: "in-person",
      location: "Studio",
      startTime: FIRST_START,
      endTime: "2030-03-05T10:00:00.000Z",
    },
  });
  expect(meeting.status(), await meeting.text()).toBe(201);
  const meetingId = ((await meeting.json()) as { id: string }).id;
  meetingStream = `meeting-${meetingId}`;
  const moved = await manager.patch(`/api/meetings/${meetingId}`, {
    data: { startTime: MOVED_START, endTime: "2030-03-06T15:30:00.000Z" },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // The workbench lists events once the chain holds them (a moment after they are appended).
  await expect
    .poll(async () => {
      const page = await partner.get(`/api/audit/events?entity=${meetingStream}&type=MeetingRescheduled`);
      return ((await page.json()) as { events: unknown[] }).events.length;
    })
    .toBe(1);
});

test.afterAll(async () => {
  await manager.post(`/api/leads/${leadId}/archive`, { data: {} });
  for (const api of [partner, manager, auditor]) await api.dispose();
});

/** A download's text. */
async function textOf(download: Download): Promise<string> {
  return readFile((await download.path())!, "utf8");
}

test("an auditor filters by a colleague and a week, opens a meeting's state at a past moment, and exports the result", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, storageState: await auditor.storageState() });
  const page = await context.newPage();
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }).click();
  await expect(page).toHaveURL("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  await expect(page.getByText(/^Log intact — [\d,]+ events? verified/)).toBeVisible();

  // A colleague and a week, each written into the address bar.
  await page.getByRole("combobox", { name: "Person" }).click();
  await page.getByRole("option", { name: PROJECT_MANAGER.displayName, exact: true }).click();
  await page.getByRole("button", { name: "This week" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${managerId}(&|$)`));
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const events = page.getByRole("list", { name: "Events" });
  const scheduled = events.getByRole("listitem").filter({ hasText: "MeetingScheduled" }).filter({ hasText: meetingStream });
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled).toContainText(PROJECT_MANAGER.displayName);
  await expect(events.getByRole("listitem").filter({ hasText: "MeetingRescheduled" }).filter({ hasText: meetingStream })).toHaveCount(1);
  // Only the colleague's actions are listed.
  for (const row of await events.getByRole("listitem").all()) await expect(row).toContainText(PROJECT_MANAGER.displayName);
  await checkAndCapture(page, "audit");

  // The meeting as it was when it was scheduled: its first start, not the one it was moved to.
  await scheduled.getByRole("button", { name: "State at this moment" }).click();
  const dialog = page.getByRole("dialog", { name: "State at this moment" });
  await expect(dialog.getByText(meetingStream)).toBeVisible();
  const state = dialog.getByLabel("The meeting at this moment");
  await expect(state).toContainText(FIRST_START);
  await expect(state).not.toContainText(MOVED_START);
  // The invitation went out in the same command, so at that instant the meeting already had it too.
  await expect(dialog).toContainText(`The meeting at version 2, after InviteRequested by ${PROJECT_MANAGER.displayName}`);
  await checkAndCapture(page, "audit-entity-state");
  // An hour earlier the meeting did not exist yet.
  const moment = dialog.getByLabel("Moment", { exact: true });
  const shown = await moment.inputValue();
  const hourEarlier = new Date(Date.parse(`${shown}:00Z`) - 3_600_000).toISOString().slice(0, 16);
  await moment.fill(hourEarlier);
  await expect(dialog.getByText(/^This meeting did not exist yet at /)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  // The exports hold what the filters found: every one of the colleague's events this week, the meeting's among them.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^audit-events-.*\.csv$/);
  const lines = (await textOf(csv)).trim().split(/\r?\n/);
  expect(lines[0]).toBe("seq,at,actor,actor name,type,entity kind,entity id,version,position,data");
  const rows = lines.slice(1);
  expect(rows.length).toBeGreaterThanOrEqual(3);
  for (const row of rows) expect(row.split(",")[2]).toBe(managerId);
  const meetingRows = rows.filter((row) => row.split(",")[6] === meetingStream.slice("meeting-".length)).map((row) => row.split(",")[4]);
  expect(meetingRows).toEqual(expect.arrayContaining(["MeetingRescheduled", "MeetingScheduled"]));

  const [jsonl] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export JSON Lines" }).click()]);
  const exported = (await textOf(jsonl))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { actor: { id: string }; streamId: string; type: string });
  expect(exported).toHaveLength(rows.length);
  expect(exported.every((e) => e.actor.id === managerId)).toBe(true);
  expect(exported.filter((e) => e.streamId === meetingStream).map((e) => e.type)).toEqual(meetingRows);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SHOTS, "audit-375-light.png"), fullPage: true });
  await context.close();
});

test("a Project Manager finds no Audit in the sidebar, and the page says it is not theirs", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: PROJECT_MANAGER.state });
  const page = await context.newPage();
  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" })).toHaveCount(0);
  expect((await manager.get("/api/audit/events")).status()).toBe(403);
  await context.close();
});
