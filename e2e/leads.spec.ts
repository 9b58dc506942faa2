/// <reference lib="dom" />
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { PARTNER, PROJECT_MANAGER } from "./support/accounts.ts";
import { checkAndCapture, toast } from "./support/screens.ts";

// The pipeline journeys of issue 5. They run on the shared server after the setup's six leads, and
// work only on leads of their own (emails @journey.test), which they archive at the end so the
// other journeys (dashboard counts) see the setup's pipeline unchanged.
test.use({ storageState: PARTNER.state });
test.describe.configure({ mode: "serial" });

const SCREENSHOTS = path.join(import.meta.dirname, "screenshots");
let api: APIRequestContext;

async function createLead(data: Record<string, unknown>, stage?: string): Promise<string> {
  const created = await api.post("/api/leads", { data });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (stage) expect((await api.patch(`/api/leads/${id}`, { data: { stage } })).ok()).toBe(true);
  return id;
}

const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });
/** The text on the toast (the live region repeats it for screen readers). */
const toastText = (page: Page, text: string) => toast(page).getByText(text, { exact: true });
const card = (page: Page, stage: string, name: string) => column(page, stage).getByRole("article", { name, exact: true });

async function openBoard(page: Page) {
  await page.goto("/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(column(page, "New Lead")).toBeVisible();
}

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
  await createLead({ name: "Mia Mouse", business: "Mouse Works", email: "mia@journey.test", priority: "high" }, "Contacted");
  await createLead(
    { name: "Kit Keys", business: "Keys & Co", email: "kit@journey.test", phone: "+15550100", priority: "low" },
    "Contacted",
  );
});

test.afterAll(async () => {
  const leads = (await (await api.get("/api/leads?search=journey.test")).json()) as { id: string }[];
  for (const { id } of leads) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
});

test("the board: ten columns of 20rem with counts, cards with initials and priority edge, screenshots", async ({ page }) => {
  await openBoard(page);
  const board = page.getByRole("region", { name: "Pipeline board" });
  await expect(board.locator("section")).toHaveCount(10);
  await expect(board.locator("section h2")).toHaveText([...LEAD_STAGES]);
  expect((await column(page, "Contacted").boundingBox())?.width).toBe(320);
  await expect(column(page, "Contacted").getByLabel("3 leads")).toBeVisible();

  const kit = card(page, "Contacted", "Kit Keys");
  await expect(kit).toContainText("KK");
  await expect(kit).toContainText("Keys & Co");
  await expect(kit).toContainText("kit@journey.test");
  await expect(kit).toContainText("+15550100");
  await expect(kit.locator('[data-priority="low"]')).toHaveClass(/bg-blue-500/);
  await expect(card(page, "Contacted", "Mia Mouse").locator('[data-priority="high"]')).toHaveClass(/bg-red-500/);
  await expect(card(page, "Contacted", "Mia Mouse")).not.toContainText("+1");

  await kit.getByRole("button", { name: "Actions for Kit Keys" }).click();
  await expect(page.getByRole("menuitem")).toHaveText([
    "View Details",
    "Edit Lead",
    "Schedule Meeting",
    "Send Email",
    "Update Stage",
    "Change Owner…",
    "Close as Lost…",
  ]);
  await page.keyboard.press("Escape");

  await checkAndCapture(page, "leads-board");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(column(page, "New Lead")).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, "leads-board-375.png") });
});

test("Add Lead: the dialog's title, the Lead Created toast, and the card in New Lead", async ({ page }) => {
  await openBoard(page);
  await page.getByRole("button", { name: "Add Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Lead" });
  await expect(dialog.getByText("Create a new lead entry in your CRM pipeline.")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Priority" })).toHaveText("Medium");
  await checkAndCapture(page, "leads-add-dialog");
  await dialog.getByLabel("Contact Name").fill("Zoe Journey");
  await dialog.getByLabel("Business Name").fill("Journey Studio");
  await dialog.getByLabel("Email").fill("zoe@journey.test");
  await dialog.getByRole("button", { name: "Create Lead" }).click();
  await expect(toastText(page, "New lead has been added successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, "New Lead", "Zoe Journey")).toBeVisible();

  // The form was reset.
  await page.getByRole("button", { name: "Add Lead" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Lead" }).getByLabel("Contact Name")).toHaveValue("");
});

test("Edit Lead from the card menu, with the director picker", async ({ page }) => {
  await openBoard(page);
  await card(page, "New Lead", "Zoe Journey").getByRole("button", { name: "Actions for Zoe Journey" }).click();
  await page.getByRole("menuitem", { name: "Edit Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lead" });
  await expect(dialog.getByLabel("Business Name")).toHaveValue("Journey Studio");
  await dialog.getByRole("combobox", { name: "Creative Director" }).click();
  await expect(page.getByRole("option", { name: "None" })).toBeVisible();
  await expect(page.getByRole("option", { name: "Cleo Creative" })).toBeVisible();
  await page.keyboard.press("Escape");
  await dialog.getByLabel("Business Name").fill('Journey "North" Studio');
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Lead details have been updated.")).toBeVisible();
  await expect(card(page, "New Lead", "Zoe Journey")).toContainText('Journey "North" Studio');
});

test("Update Stage: current stage disabled, submit disabled until it changes", async ({ page }) => {
  await openBoard(page);
  await card(page, "New Lead", "Zoe Journey").getByRole("button", { name: "Actions for Zoe Journey" }).click();
  await page.getByRole("menuitem", { name: "Update Stage" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Lead Stage" });
  await expect(dialog.getByRole("button", { name: "Update Stage" })).toBeDisabled();
  await dialog.getByRole("combobox", { name: "New Stage" }).click();
  await expect(page.getByRole("option", { name: "New Lead" })).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("option", { name: "Proposal Sent" }).click();
  await dialog.getByRole("button", { name: "Update Stage" }).click();
  await expect(toastText(page, "Stage Updated")).toBeVisible();
  await expect(card(page, "Proposal Sent", "Zoe Journey")).toBeVisible();
});

test("drag a card to another column by mouse; it stays there after a reload", async ({ page }) => {
  await openBoard(page);
  const from = await card(page, "Contacted", "Mia Mouse").boundingBox();
  const to = await column(page, "Meeting Scheduled").boundingBox();
  await page.mouse.move(from!.x + 120, from!.y + 40);
  await page.mouse.down();
  await page.mouse.move(from!.x + 130, from!.y + 50, { steps: 3 });
  await page.mouse.move(to!.x + 150, to!.y + 120, { steps: 15 });
  await page.mouse.up();
  await expect(card(page, "Meeting Scheduled", "Mia Mouse")).toBeVisible();
  await expect(card(page, "Contacted", "Mia Mouse")).toHaveCount(0);
  await page.reload();
  await expect(card(page, "Meeting Scheduled", "Mia Mouse")).toBeVisible();
});

test("move a card by keyboard, announced to screen readers; it stays there after a reload", async ({ page }) => {
  await openBoard(page);
  // Each press waits for what a screen reader would say, as a person listening would.
  const said = (text: RegExp) => expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(text);
  await page.getByRole("button", { name: "Move Kit Keys" }).focus();
  await page.keyboard.press("Space");
  await said(/^Picked up Kit Keys\. It is in Contacted, position \d of 2\.$/);
  await page.keyboard.press("ArrowRight");
  await said(/^Kit Keys is over Meeting Scheduled/);
  await page.keyboard.press("ArrowRight");
  await said(/^Kit Keys is over Proposal Sent, position \d of 3\.$/);
  await page.keyboard.press("ArrowDown");
  await said(/^Kit Keys is over Proposal Sent, position \d of 3\.$/);
  await page.keyboard.press("Space");
  await said(/^Kit Keys was dropped in Proposal Sent, position \d of 3\.$/);
  await expect(card(page, "Proposal Sent", "Kit Keys")).toBeVisible();
  const order = () =>
    column(page, "Proposal Sent")
      .getByRole("article")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label")));
  const shown = await order();
  expect(shown).toHaveLength(3);
  await page.reload();
  await expect(card(page, "Proposal Sent", "Kit Keys")).toBeVisible();
  expect(await order()).toEqual(shown);
});

test("another person's board follows a move without a reload", async ({ page, browser }) => {
  const other = await browser.newContext({ storageState: PROJECT_MANAGER.state });
  const theirs = await other.newPage();
  await openBoard(theirs);
  await openBoard(page);
  await expect(card(theirs, "Meeting Scheduled", "Mia Mouse")).toBeVisible();
  const mia = (await (await api.get("/api/leads?search=mia@journey")).json()) as { id: string }[];
  expect((await api.post(`/api/leads/${mia[0]!.id}/move`, { data: { stage: "Contract Sent" } })).ok()).toBe(true);
  await expect(card(theirs, "Contract Sent", "Mia Mouse")).toBeVisible();
  await expect(card(page, "Contract Sent", "Mia Mouse")).toBeVisible();
  await other.close();
});

test("search asks the server and narrows the board; Export CSV saves what matches", async ({ page }) => {
  await openBoard(page);
  await page.getByRole("searchbox", { name: "Search leads" }).fill("JOURNEY.test");
  await expect(page.getByText("3 matching leads")).toBeVisible();
  await expect(page.getByRole("article", { name: "Ava Stone" })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Name,Business,Email,Phone,Stage,Priority,Source,Owner,Value,Expected Close,Probability,Notes");
  expect(lines).toContainEqual(
    expect.stringMatching(/^Zoe Journey,"Journey ""North"" Studio",zoe@journey\.test,,Proposal Sent,medium,,[^,]+,,,,$/),
  );
  expect(lines).toHaveLength(4);
});

test("a long column shows its whole count and loads its next cards as it scrolls", async ({ page }) => {
  const stage = "Onboarding Form Sent";
  const ids: string[] = [];
  // Newer cards go on top, so "Page 01" is the column's 60th card, beyond its first page of 50.
  for (let i = 1; i <= 60; i++)
    ids.push(await createLead({ name: `Page ${String(i).padStart(2, "0")}`, business: "Paging Ltd", email: `p${i}@paging.test` }, stage));
  const boardUrls: URL[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/leads/board")) boardUrls.push(new URL(request.url()));
  });
  // The first request for more is held, so the column's loading row can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/leads\/board\?.*limits=/, async (route) => {
    await held;
    await route.continue();
  });
  await openBoard(page);
  await expect(column(page, stage).getByLabel("60 leads")).toBeVisible();
  // A column off the screen draws its cards once the board is scrolled to it (decision 056).
  await column(page, stage).scrollIntoViewIfNeeded();
  await expect(card(page, stage, "Page 60")).toBeVisible();
  const scroller = page.locator(`[data-column-list="${stage}"]`);
  await scroller.evaluate((list) => list.scrollTo(0, list.scrollHeight));
  await expect(column(page, stage).getByText("Loading more leads…")).toBeVisible();
  await column(page, stage).screenshot({ path: path.join(SCREENSHOTS, "leads-column-loading-more.png") });
  release();
  await expect(async () => {
    await scroller.evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await expect(card(page, stage, "Page 01")).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(column(page, stage).getByText("Loading more leads…")).toHaveCount(0);
  expect(boardUrls[0]!.searchParams.has("limits")).toBe(false);
  expect(boardUrls.map((url) => url.searchParams.get("limits")?.split(",")[6])).toContain("150");
  for (const id of ids) await api.post(`/api/leads/${id}/archive`, { data: {} });
});

test("Import CSV: columns guessed, a dry-run preview names the bad row, then the import", async ({ page }) => {
  await openBoard(page);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Leads" });
  const csv =
    'Name,Company,E-mail,Phone\r\nIvy Import,Import Co,ivy@journey.test,+15550101\r\nBad Row,No Email Co,,\r\n"Quinn ""Q"" Quote","Quote, Inc",quinn@journey.test,\r\n';
  await dialog.getByLabel("CSV file").setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(dialog.getByText("leads.csv: 3 rows, 4 columns.")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Business Name" })).toHaveText("Company");
  await expect(dialog.getByRole("combobox", { name: "Email" })).toHaveText("E-mail");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText(/2 leads will be created, 0 will be updated, 1 row has errors/)).toBeVisible();
  const bad = dialog.getByRole("row").filter({ hasText: "error" });
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText("3");
  await expect(bad).toContainText(/email/i);
  await checkAndCapture(page, "leads-import-dialog");
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(toastText(page, "2 created, 0 updated, 1 skipped.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(card(page, "New Lead", "Ivy Import")).toBeVisible();
  await expect(card(page, "New Lead", 'Quinn "Q" Quote')).toBeVisible();
});

test("the lead page: messages, inline edit, a meeting, the timeline", async ({ page }) => {
  await openBoard(page);
  await card(page, "Proposal Sent", "Kit Keys").getByRole("button", { name: "Actions for Kit Keys" }).click();
  await page.getByRole("menuitem", { name: "View Details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kit Keys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lead Information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Onboarding Questionnaire" })).toHaveCount(0);

  await page.getByRole("button", { name: "Send SMS" }).click();
  const sms = page.getByRole("dialog", { name: "Send SMS" });
  await sms.getByRole("button", { name: "Send SMS" }).click();
  await expect(toastText(page, "Please provide a message.")).toBeVisible();
  await sms.getByLabel("Message").fill("Hello Kit");
  await expect(sms.getByText("9/1600 characters")).toBeVisible();
  await sms.getByRole("button", { name: "Send SMS" }).click();
  await expect(toastText(page, "SMS Sent")).toBeVisible();

  await page.getByRole("button", { name: "Send Email" }).click();
  const email = page.getByRole("dialog", { name: "Send Email" });
  await email.getByLabel("Subject").fill("Proposal");
  await email.getByRole("button", { name: "Send Email" }).click();
  await expect(toastText(page, "Please provide both subject and message.")).toBeVisible();
  await email.getByLabel("Message").fill("Here is our proposal.");
  await email.getByRole("button", { name: "Send Email" }).click();
  await expect(toastText(page, "Email Sent")).toBeVisible();

  await page.getByRole("button", { name: "Edit Lead" }).click();
  await page.getByLabel("Notes").fill("Prefers mornings");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Lead details have been updated.")).toBeVisible();
  // The History card repeats the notes; the Lead Information card shows them first.
  await expect(page.getByText("Prefers mornings").first()).toBeVisible();

  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  const meeting = page.getByRole("dialog", { name: "Schedule Meeting" });
  await expect(meeting.getByText(/^A calendar invite will be sent to kit@journey\.test, with a copy to you/)).toBeVisible();
  await expect(meeting.getByLabel("Duration (minutes)")).toHaveValue("60");
  await meeting.getByLabel("Meeting Title").fill("Kickoff");
  await meeting.getByLabel("Date").fill("2030-01-15");
  await meeting.getByLabel("Time").fill("14:00");
  await meeting.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(toastText(page, "Kickoff has been scheduled with a Jitsi video call and an invite has been sent to you and the lead")).toBeVisible();
  await expect(page.getByText(/^Jan 15, 2030, 2:00 PM – 3:00 PM · 60 min$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  await expect(page.getByText(/ ago · Pat Partner/).first()).toBeVisible();

  await checkAndCapture(page, "lead-page");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SCREENSHOTS, "lead-page-375.png"), fullPage: true });
});

test("archive (Partner only) asks first, then the lead leaves the board", async ({ page }) => {
  await openBoard(page);
  await card(page, "New Lead", "Ivy Import").getByRole("button", { name: "Actions for Ivy Import" }).click();
  await page.getByRole("menuitem", { name: "View Details" }).click();
  await page.getByRole("button", { name: "Archive" }).click();
  const confirm = page.getByRole("dialog", { name: "Archive this lead?" });
  await confirm.getByRole("button", { name: "Archive Lead" }).click();
  await expect(page).toHaveURL("/leads");
  await expect(toastText(page, "Ivy Import has been archived.")).toBeVisible();
  await expect(page.getByRole("article", { name: "Ivy Import" })).toHaveCount(0);
});

test.describe("as a Project Manager", () => {
  test.use({ storageState: PROJECT_MANAGER.state });
  test("the lead page has no Archive button", async ({ page }) => {
    await openBoard(page);
    await card(page, "Proposal Sent", "Kit Keys").getByRole("button", { name: "Actions for Kit Keys" }).click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kit Keys" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit Lead" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Archive" })).toHaveCount(0);
  });
});
