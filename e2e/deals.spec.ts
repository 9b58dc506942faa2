/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { PARTNER, PROJECT_MANAGER } from "./support/accounts.ts";
import { checkAndCapture, toast } from "./support/screens.ts";

// The deal journeys of issue 31 (docs/product.md, "Leads and the pipeline"): reassign a selection in one
// action, close a lead as lost and reopen it from the Lost view, restore an archived lead, and search
// that ignores accents. Each journey makes its own leads (emails @deals.test) through the API first and
// archives what it left open at the end, so the other journeys see the setup's pipeline unchanged.
test.use({ storageState: PARTNER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let api: APIRequestContext;

async function createLead(data: Record<string, unknown>, stage?: string): Promise<string> {
  const created = await api.post("/api/leads", { data });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (stage) {
    const moved = await api.patch(`/api/leads/${id}`, { data: { stage } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return id;
}

async function leadOf(id: string): Promise<{ assignedTo: string | null; status: string; stage: string }> {
  const answer = await api.get(`/api/leads/${id}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { assignedTo: string | null; status: string; stage: string };
}

const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });
const card = (page: Page, stage: string, name: string) => column(page, stage).getByRole("article", { name, exact: true });
const views = (page: Page) => page.getByRole("navigation", { name: "Leads views" });

async function openBoard(page: Page, search?: string) {
  await page.goto("/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(column(page, "New Lead")).toBeVisible();
  if (!search) return;
  await page.getByRole("searchbox", { name: "Search leads" }).fill(search);
  // The filtered board replaces the whole one (a card's open menu with it): wait for it before acting.
  await expect(page.getByText(/^\d+ matching leads?$/)).toBeVisible();
}

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
});

test.afterAll(async () => {
  const open = (await (await api.get("/api/leads?search=deals.test")).json()) as { id: string }[];
  for (const { id } of open) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
});

test("select three cards and reassign them to a Project Manager in one action", async ({ page }) => {
  const t = tag();
  const names = ["Ada", "Bea", "Cy"].map((first) => `${first} Bulk ${t}`);
  const ids: string[] = [];
  for (const name of names)
    ids.push(await createLead({ name, business: `${name} Ltd`, email: `${name.split(" ")[0]!.toLowerCase()}.${t}@deals.test` }));
  const users = (await (await api.get("/api/users")).json()) as { id: string; email: string }[];
  const manager = users.find((user) => user.email === PROJECT_MANAGER.email)!;
  expect(manager).toBeTruthy();

  await openBoard(page, `Bulk ${t}`);
  for (const name of names) await expect(card(page, "New Lead", name)).toBeVisible();
  await page.getByRole("button", { name: "Select", exact: true }).click();
  for (const name of names)
    await card(page, "New Lead", name)
      .getByRole("checkbox", { name: `Select ${name}` })
      .check();
  const bar = page.getByRole("toolbar", { name: "Selected leads" });
  await expect(bar).toContainText("3 selected");
  await bar.getByRole("button", { name: "Reassign…" }).click();
  const dialog = page.getByRole("dialog", { name: "Reassign 3 leads" });
  await dialog.getByRole("combobox", { name: "New owner" }).click();
  await page.getByRole("option", { name: `${PROJECT_MANAGER.displayName} (Project Manager)` }).click();
  await dialog.getByRole("button", { name: "Reassign", exact: true }).click();
  await expect(toast(page)).toContainText("Leads Reassigned");
  await expect(toast(page)).toContainText(`3 leads reassigned to ${PROJECT_MANAGER.displayName}`);
  await expect(dialog).toBeHidden();
  for (const id of ids) expect((await leadOf(id)).assignedTo).toBe(manager.id);
});

test("close a lead as lost with a reason, see it on its page, and reopen it from the Lost view", async ({ page }) => {
  const name = `Lou Lost ${tag()}`;
  const id = await createLead({ name, business: "Lost & Found", email: `lou.${tag()}@deals.test`, priority: "high" }, "Proposal Sent");

  await openBoard(page, name);
  const lou = card(page, "Proposal Sent", name);
  await lou.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Close as Lost…" }).click();
  const dialog = page.getByRole("dialog", { name: "Close as Lost" });
  await dialog.getByRole("button", { name: "Close as Lost" }).click();
  const reason = dialog.getByRole("combobox", { name: "Reason" });
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.locator("p", { hasText: "Choose a reason" })).toBeVisible();
  await reason.click();
  await page.getByRole("option", { name: "Budget" }).click();
  await dialog.getByLabel("Note").fill("Half of what they hoped to spend.");
  await checkAndCapture(page, "deals-lose-dialog");
  await dialog.getByRole("button", { name: "Close as Lost" }).click();
  await expect(toast(page)).toContainText("Closed as Lost");
  await expect(lou).toBeHidden();
  expect((await leadOf(id)).status).toBe("lost");

  await views(page).getByRole("link", { name: "Lost" }).click();
  await expect(page).toHaveURL(/view=lost/);
  await page.getByRole("searchbox", { name: "Search lost leads" }).fill(name);
  const row = page.getByRole("listitem", { name });
  await expect(row).toContainText("Budget");
  await expect(row).toContainText("Half of what they hoped to spend.");
  await expect(row).toContainText(PARTNER.displayName);
  await checkAndCapture(page, "deals-lost-view");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "deals-lost-view-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its page says why it closed and offers Reopen, not the board's actions.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Closed as lost on" })).toContainText("Budget");
  await expect(page.getByRole("button", { name: "Edit Lead" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
  await checkAndCapture(page, "deals-lost-lead-page");
  await page.goBack();

  await page.getByRole("searchbox", { name: "Search lost leads" }).fill(name);
  await page
    .getByRole("listitem", { name })
    .getByRole("button", { name: `Reopen ${name}` })
    .click();
  await expect(toast(page)).toContainText("Reopened in Proposal Sent");
  await expect(page.getByRole("listitem", { name })).toBeHidden();
  await views(page).getByRole("link", { name: "Pipeline" }).click();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(name);
  await expect(card(page, "Proposal Sent", name)).toBeVisible();
});

test("restore an archived lead from the Archived view", async ({ page }) => {
  const name = `Ari Archived ${tag()}`;
  const id = await createLead({ name, business: "Attic Co", email: `ari.${tag()}@deals.test` }, "Contacted");
  expect((await api.post(`/api/leads/${id}/archive`, { data: {} })).ok()).toBe(true);

  await page.goto("/leads?view=archived");
  await expect(views(page).getByRole("link", { name: "Archived" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("searchbox", { name: "Search archived leads" }).fill(name);
  const row = page.getByRole("listitem", { name });
  await expect(row).toContainText("Attic Co");
  await checkAndCapture(page, "deals-archived-view");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SHOTS, "deals-archived-view-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(toast(page)).toContainText("Lead Restored");
  await expect(row).toBeHidden();
  expect((await leadOf(id)).status).toBe("open");
  await openBoard(page, name);
  await expect(card(page, "Contacted", name)).toBeVisible();
});

test("search ignores accents: “gomez” finds Gómez on the board", async ({ page }) => {
  const t = tag();
  const name = `Lucía Gómez ${t}`;
  await createLead({ name, business: "Peña Diseño", email: `lucia.${t}@deals.test` });
  await openBoard(page, `gomez ${t}`);
  await expect(card(page, "New Lead", name)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(`LUCIA ${t}`);
  await expect(card(page, "New Lead", name)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(`pena diseno`);
  await expect(card(page, "New Lead", name)).toBeVisible();
});

test("Settings › Deals: a Partner edits a stage's probability and the lost reasons", async ({ page }) => {
  await page.goto("/settings");
  const deals = page.getByRole("form", { name: "Deal settings" });
  const proposal = deals.getByRole("spinbutton", { name: "Proposal Sent", exact: true });
  await expect(proposal).toBeVisible();
  await proposal.fill("140");
  await deals.getByRole("button", { name: "Save Deals" }).click();
  await expect(deals.getByText("At most 100")).toBeVisible();
  await proposal.fill("55");
  await deals.getByRole("button", { name: "Add Reason" }).click();
  const count = await deals.getByRole("textbox", { name: /^Lost reason/ }).count();
  await deals.getByRole("textbox", { name: `Lost reason ${count}` }).fill("Went quiet");
  await deals.getByRole("button", { name: "Save Deals" }).click();
  await expect(toast(page)).toContainText("Settings Saved");
  const saved = (await (await api.get("/api/settings")).json()) as { stageProbabilities: Record<string, number>; lostReasons: string[] };
  expect(saved.stageProbabilities["Proposal Sent"]).toBe(55);
  expect(saved.lostReasons).toContain("Went quiet");
  await toast(page).getByRole("button").click();
  await expect(toast(page)).toBeHidden();
  // The sidebar is sticky: a full-page picture of a scrolled page draws it halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkAndCapture(page, "deals-settings");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, "deals-settings-375-light.png"), fullPage: true });

  // Back as it was, so the other journeys see the defaults.
  const restored = await api.patch("/api/settings", {
    data: { stageProbabilities: { "Proposal Sent": 50 }, lostReasons: saved.lostReasons.filter((reason) => reason !== "Went quiet") },
  });
  expect(restored.status(), await restored.text()).toBeLessThan(300);
});
