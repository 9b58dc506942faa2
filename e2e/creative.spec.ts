/// <reference lib="dom" />
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CREATIVE_DIRECTOR, PARTNER } from "./support/accounts.ts";
import { checkAndCapture, toast, useTheme } from "./support/screens.ts";

const SHOTS = path.join(import.meta.dirname, "screenshots");
/** A real 1x1 PNG; padded after its end so the upload takes long enough to watch its progress. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(768 * 1024)]);

test.use({ storageState: PARTNER.state });

/** A client with Cleo as creative director, created through the API as the Partner. */
async function clientOfCleo(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard");
  const headers = { Origin: new URL(page.url()).origin };
  const directors = (await (await page.request.get("/api/users/creative-directors")).json()) as { id: string; email: string }[];
  const cleo = directors.find((d) => d.email === CREATIVE_DIRECTOR.email)!;
  const created = await page.request.post("/api/leads", {
    headers,
    data: { name, business: `${name} Studio`, email: `${name.split(" ")[0]!.toLowerCase()}@studio.test` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const patched = await page.request.patch(`/api/leads/${id}`, { headers, data: { stage: "Active", creativeDirectorId: cleo.id } });
  expect(patched.status(), await patched.text()).toBe(200);
  return id;
}

/** Picks the client in an open dialog; with a single client the dialog names it instead of asking. */
async function chooseClient(page: Page, name: string) {
  const dialog = page.getByRole("dialog");
  const picker = dialog.getByRole("combobox", { name: "Client" });
  await expect(picker.or(dialog.getByText(`For ${name}`))).toBeVisible();
  if ((await picker.count()) === 0) return;
  await picker.click();
  await page.getByRole("option", { name }).click();
}

async function asDirector(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ storageState: CREATIVE_DIRECTOR.state, viewport });
  return { context, page: await context.newPage() };
}

test("a director uploads an image with progress, a Partner approves it, and the lead's timeline shows it", async ({ page, browser }) => {
  const leadId = await clientOfCleo(page, "Iris Vale");
  const { context, page: director } = await asDirector(browser);
  await director.goto("/creative");
  await expect(director.getByRole("heading", { level: 1, name: "My Clients" })).toBeVisible();
  await expect(director.getByRole("list", { name: "Clients" }).getByText("Iris Vale", { exact: true })).toBeVisible();

  await director.getByRole("button", { name: "Upload Content" }).click();
  const dialog = director.getByRole("dialog", { name: "Upload Content" });
  await chooseClient(director, "Iris Vale");
  await dialog.getByLabel("Title").fill("Spring hero");
  await dialog.getByLabel("Description").fill("Shop window, morning light");
  await dialog.getByLabel("Caption").fill("Spring has landed.");
  await dialog.getByLabel("File").setInputFiles({ name: "spring-hero.png", mimeType: "image/png", buffer: BIG_PNG });
  // A slow uplink, so the progress bar is seen moving.
  const cdp = await context.newCDPSession(director);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  await dialog.getByRole("button", { name: "Upload Content" }).click();
  const progress = dialog.getByRole("progressbar", { name: "Uploading spring-hero.png" });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(toast(director).getByText("Content Uploaded")).toBeVisible({ timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await director.getByRole("tab", { name: "Submissions" }).click();
  const item = director.getByRole("list", { name: "Content submissions" }).getByRole("listitem").filter({ hasText: "Spring hero" });
  await expect(item.getByText("Pending", { exact: true })).toBeVisible();
  await expect(item.locator("img")).toHaveJSProperty("naturalWidth", 1); // the thumbnail really loads, through the API
  await expect(director.getByLabel("Pending Submissions: 1")).toBeVisible();
  await checkAndCapture(director, "creative-director-submissions");
  await context.close();

  // The Partner reviews it on the Creative Portal.
  await page.goto("/creative");
  await expect(page.getByRole("heading", { level: 1, name: "Creative Portal" })).toBeVisible();
  await page.getByRole("tab", { name: "Submissions" }).click();
  await page.getByRole("button", { name: "Approve Spring hero" }).click();
  const review = page.getByRole("dialog", { name: "Approve content" });
  await review.getByLabel(/Review notes/).fill("Lovely light, ship it.");
  await review.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page).getByText("Content Approved")).toBeVisible();
  const reviewed = page.getByRole("listitem").filter({ hasText: "Spring hero" });
  await expect(reviewed.getByText("Approved", { exact: true })).toBeVisible();
  await expect(reviewed.getByText("Lovely light, ship it.")).toBeVisible();
  await checkAndCapture(page, "creative-portal-submissions");

  // The lead page: the cards and the timeline.
  await page.goto(`/lead/${leadId}`);
  await expect(page.getByRole("heading", { name: "Content Submissions" })).toBeVisible();
  const timeline = page.getByRole("heading", { name: "Recent Activity" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(timeline.getByText("Content approved: Spring hero")).toBeVisible();
  await expect(timeline.getByText("Content submitted: Spring hero")).toBeVisible();
  // Only our cards are judged here: the rest of the lead page belongs to other journeys.
  const cards = await new AxeBuilder({ page }).include("[data-creative-card]").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(cards.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await page.screenshot({ path: path.join(SHOTS, `creative-lead-cards-${theme}.png`), fullPage: true });
  }
});

test("a director creates a task, starts it and completes it; overdue tasks are marked", async ({ page, browser }) => {
  await clientOfCleo(page, "Jonah Reed");
  const { context, page: director } = await asDirector(browser);
  await director.goto("/creative");
  await director.getByRole("button", { name: "Create Task" }).click();
  const dialog = director.getByRole("dialog", { name: "Create Task" });
  await chooseClient(director, "Jonah Reed");
  await dialog.getByLabel("Title").fill("Storyboard the reel");
  await dialog.getByLabel("Description").fill("Six frames for the launch reel");
  await dialog.getByLabel("Due Date").fill("2020-01-31");
  await dialog
    .getByLabel("Attachments")
    .setInputFiles({ name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("Tone: warm, local, honest\n") });
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(toast(director).getByText("Task Created")).toBeVisible();

  await director.getByRole("tab", { name: "Tasks" }).click();
  const pending = director.getByRole("region", { name: /Pending/ });
  const task = pending.getByRole("listitem", { name: "Storyboard the reel" });
  await expect(task.getByText("Overdue")).toBeVisible();
  await expect(task.getByRole("link", { name: /brief\.txt/ })).toBeVisible();
  await task.getByRole("button", { name: "Start Storyboard the reel" }).click();
  await expect(toast(director).getByText("Task Started")).toBeVisible();
  const inProgress = director.getByRole("region", { name: /In Progress/ }).getByRole("listitem", { name: "Storyboard the reel" });
  await expect(inProgress).toBeVisible();
  await checkAndCapture(director, "creative-director-tasks");
  await inProgress.getByRole("button", { name: "Mark Storyboard the reel complete" }).click();
  await expect(toast(director).getByText("Task Completed")).toBeVisible();
  const done = director.getByRole("region", { name: /Completed/ }).getByRole("listitem", { name: "Storyboard the reel" });
  await expect(done.getByText(/Completed \w{3} \d+, \d{4}/)).toBeVisible();
  await expect(done.getByText("Overdue")).toHaveCount(0);
  await context.close();

  // A phone: the director's page at 375 px.
  const phone = await asDirector(browser, { width: 375, height: 812 });
  await phone.page.goto("/creative");
  await expect(phone.page.getByRole("heading", { level: 1, name: "My Clients" })).toBeVisible();
  await expect(phone.page.getByLabel(/Active Tasks: \d+/)).toBeVisible();
  await phone.page.getByRole("tab", { name: "Tasks" }).click();
  for (const theme of ["light", "dark"] as const) {
    await useTheme(phone.page, theme);
    await phone.page.screenshot({ path: path.join(SHOTS, `creative-director-375-${theme}.png`), fullPage: true });
  }
  await phone.context.close();
});
