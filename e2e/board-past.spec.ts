/// <reference lib="dom" />
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, formatDate, todayIn } from "@crm/contracts/time/date-time";
import { PARTNER } from "./support/accounts.ts";
import { checkAndCapture, shootAt375, toast } from "./support/screens.ts";

// Issue 35 (docs/product.md, "Leads board"): the board on a past day, read-only, with what changed
// since another day marked; the stale flag on the live board; each stage's stale limit in Settings.
// The journeys make their own leads (emails @board-past.test) and archive them at the end.
test.use({ storageState: PARTNER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let api: APIRequestContext;
let today: string;
let yesterday: string;

/** A day as the app writes it: "Oct 12, 2026". */
const written = (day: string) => formatDate(`${day}T12:00:00Z`, "UTC");

async function createLead(name: string, stages: string[] = []): Promise<string> {
  const created = await api.post("/api/leads", { data: { name, business: `${name} Ltd`, email: `${tag()}@board-past.test` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const stage of stages) {
    const moved = await api.patch(`/api/leads/${id}`, { data: { stage } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return id;
}

const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });
const card = (page: Page, stage: string, name: string) => column(page, stage).getByRole("article", { name, exact: true });
const banner = (page: Page) => page.getByRole("region", { name: "Past board" });

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
  // The days are the agency's: its zone decides which day "today" is.
  const { timeZone } = (await (await api.get("/api/settings")).json()) as { timeZone: string };
  today = todayIn(timeZone);
  yesterday = addDays(today, -1);
});

test.afterAll(async () => {
  const open = (await (await api.get("/api/leads?search=board-past.test")).json()) as { id: string }[];
  for (const { id } of open) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
});

test("the board on a past day: read-only, what changed since marked, and shared by its URL", async ({ page }) => {
  const t = tag();
  const fresh = `Fay Fresh ${t}`;
  const mover = `Mo Mover ${t}`;
  await createLead(fresh);
  await createLead(mover, ["Contacted", "Proposal Sent"]);

  await page.goto("/leads");
  await expect(card(page, "New Lead", fresh)).toBeVisible();
  await expect(page.getByRole("button", { name: `Move ${fresh}` })).toBeVisible();

  // Today's board compared with yesterday's end: both leads are new since, each in its column now.
  await page.getByLabel("Changes since").fill(yesterday);
  await expect(page).toHaveURL(new RegExp(`[?&]since=${yesterday}`));
  await expect(banner(page)).toContainText(`The board as it stands today, ${written(today)} — read-only`);
  await expect(banner(page)).toContainText(`Changes since the end of ${written(yesterday)}:`);
  const newSince = `New on the board since the end of ${written(yesterday)}`;
  await expect(card(page, "New Lead", fresh)).toHaveAccessibleDescription(newSince);
  await expect(card(page, "Proposal Sent", mover)).toHaveAccessibleDescription(newSince);
  await expect(card(page, "Proposal Sent", mover).getByText("new", { exact: true })).toBeVisible();
  await expect(card(page, "Contacted", mover)).toHaveCount(0);
  // Read-only: no card to drag, no card menu, no bulk selection, no new lead.
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Lead" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: `Left the board since the end of ${written(yesterday)}` })).toBeVisible();
  await checkAndCapture(page, "board-past-since");
  await shootAt375(page, "board-past-since");

  // The board at the end of yesterday: neither lead existed yet. A "since" of that day itself would
  // compare nothing, so the comparison ends.
  await page.getByLabel("Board on a day").fill(yesterday);
  await expect(page).toHaveURL(new RegExp(`[?&]day=${yesterday}`));
  await expect(page).not.toHaveURL(/since=/);
  await expect(banner(page)).toContainText(`The board at the end of ${written(yesterday)} — read-only`);
  await expect(banner(page)).not.toContainText("Changes since");
  await expect(page.getByRole("region", { name: `Pipeline board on ${written(yesterday)}` })).toBeVisible();
  await expect(page.getByRole("article", { name: fresh })).toHaveCount(0);
  await expect(page.getByRole("article", { name: mover })).toHaveCount(0);
  await checkAndCapture(page, "board-past-day");

  // A shared link opens the same board; "Back to today" returns to the live one.
  await page.goto(`/leads?since=${yesterday}`);
  await expect(card(page, "Proposal Sent", mover)).toHaveAccessibleDescription(newSince);
  await banner(page).getByRole("button", { name: "Back to today" }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page).not.toHaveURL(/since=/);
  await expect(page.getByRole("button", { name: `Move ${mover}` })).toBeVisible();
});

test("the live board flags a lead gone quiet for longer than its stage allows", async ({ page }) => {
  const name = `Quinn Quiet ${tag()}`;
  const id = await createLead(name, ["Contacted"]);
  // A lead made now has had activity today, and the shortest limit is a day: the list of stale leads
  // stands in for one a week old (read-api's stale list has its own tests on a clock of its own).
  await page.route("**/api/leads/stale", (route) =>
    route.fulfill({
      json: {
        leads: [
          {
            id,
            name,
            business: `${name} Ltd`,
            stage: "Contacted",
            ownerId: null,
            lastActivityAt: new Date(Date.now() - 12 * 86_400_000).toISOString(),
            idleDays: 12,
            limitDays: 7,
          },
        ],
      },
    }),
  );
  await page.goto("/leads");
  const quiet = card(page, "Contacted", name);
  await expect(quiet).toHaveAccessibleDescription("Stale: 12 days without activity");
  await expect(quiet.getByText("Stale: 12 days without activity")).toHaveAttribute("title", /flagged after 7/);
  await checkAndCapture(page, "board-stale");
  await shootAt375(page, "board-stale");
});

test("Settings › Deals: a Partner sets a stage's stale limit and turns another off", async ({ page }) => {
  await page.goto("/settings");
  const deals = page.getByRole("form", { name: "Deal settings" });
  const contacted = deals.getByRole("spinbutton", { name: "Contacted: stale after days" });
  const newLead = deals.getByRole("spinbutton", { name: "New Lead: stale after days" });
  const before = (await (await api.get("/api/settings")).json()) as { staleAfterDays: Record<string, number | null> };
  await contacted.fill("400");
  await deals.getByRole("button", { name: "Save Deals" }).click();
  await expect(deals.getByText("At most 365 days")).toBeVisible();
  await contacted.fill("10");
  await newLead.fill("");
  await expect(newLead).toHaveAttribute("placeholder", "Never");
  await deals.getByRole("button", { name: "Save Deals" }).click();
  await expect(toast(page)).toContainText("Settings Saved");
  const saved = (await (await api.get("/api/settings")).json()) as { staleAfterDays: Record<string, number | null> };
  expect(saved.staleAfterDays).toEqual({ ...before.staleAfterDays, Contacted: 10, "New Lead": null });
  await toast(page).getByRole("button").click();
  await expect(toast(page)).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkAndCapture(page, "board-settings-stale");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, "board-settings-stale-375-light.png"), fullPage: true });

  // Back as it was, so the other journeys see the defaults.
  const restored = await api.patch("/api/settings", {
    data: { staleAfterDays: { Contacted: before.staleAfterDays.Contacted, "New Lead": before.staleAfterDays["New Lead"] } },
  });
  expect(restored.status(), await restored.text()).toBeLessThan(300);
});
