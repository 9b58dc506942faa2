/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { PARTNER } from "./support/accounts.ts";
import { checkAndCapture, shootAt375 } from "./support/screens.ts";

// The Reports page of issue 35 (docs/product.md, "Reports"): a Partner wins one lead, loses another and keeps a
// third open with a value and a call, then reads the reports narrowed to those leads' source, switches a chart
// to its table and downloads the CSV. The leads carry a source of their own, so other journeys' leads never
// count here; they are archived at the end.
test.use({ storageState: PARTNER.state });

const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const SOURCE = `reports-${tag}`;
let api: APIRequestContext;
const created: string[] = [];

/** A lead of this journey's source; a deal's value and probability are edits after the creation. */
async function createLead(name: string, deal?: Record<string, unknown>): Promise<string> {
  const answer = await api.post("/api/leads", {
    data: { name, business: `${name} Ltd`, email: `${name.split(" ")[0]!.toLowerCase()}.${tag}@reports.test`, source: SOURCE },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  created.push(id);
  if (deal) await send("patch", `/api/leads/${id}`, deal);
  return id;
}

async function send(method: "post" | "patch", url: string, data: Record<string, unknown>) {
  const answer = await api[method](url, { data });
  expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
}

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
});

test.afterAll(async () => {
  for (const id of created) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
});

test("read the reports for a source and a period, see a chart as its table and download it as CSV", async ({ page }) => {
  const won = await createLead(`Wanda Won ${tag}`, { valueMinor: 500_000 });
  await send("patch", `/api/leads/${won}`, { stage: "Proposal Sent" });
  await send("patch", `/api/leads/${won}`, { stage: "Contract Signed" });
  const lost = await createLead(`Larry Lost ${tag}`);
  await send("patch", `/api/leads/${lost}`, { stage: "Proposal Sent" });
  await send("post", `/api/leads/${lost}/lose`, { reason: "Budget" });
  const open = await createLead(`Olga Open ${tag}`, { valueMinor: 200_000, probability: 40 });
  await send("patch", `/api/leads/${open}`, { stage: "Meeting Scheduled" });
  await send("post", `/api/leads/${open}/activities`, { type: "call", summary: "Walked through the proposal" });

  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  // Narrow to these leads' source, then change the period: both go into the URL.
  await page.getByRole("searchbox", { name: "Source" }).fill(SOURCE);
  await expect(page).toHaveURL(new RegExp(`source=${SOURCE}`));
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "This quarter" }).click();
  await expect(page).toHaveURL(/period=quarter/);

  const winRate = card(page, "Win rate");
  await expect(winRate.getByRole("img", { name: /^Won and lost, by source\./ })).toHaveAttribute("aria-label", new RegExp(`${SOURCE}: 50% \\(1 won, 1 lost\\)`));
  await expect(card(page, "Velocity").getByRole("img", { name: /^Median days to win, by month\./ })).toBeVisible();
  await expect(card(page, "Conversion funnel").getByRole("img")).toHaveAttribute("aria-label", /New Lead: 3 entered, 1 won \(33%\)/);
  const forecast = card(page, "Forecast");
  await expect(forecast).toContainText("weighted of");
  await expect(card(page, "Activity").getByRole("img", { name: /^Activity per person\./ })).toHaveAttribute("aria-label", /1 calls/);

  // The same figures as a table.
  await winRate.getByRole("button", { name: "Table" }).click();
  const table = winRate.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["By", "Group", "Won", "Lost", "Win rate (%)"]);
  await expect(table.getByRole("row").filter({ hasText: SOURCE })).toHaveText(new RegExp(`Source${SOURCE}1150\\.0%`));
  await expect(table.getByRole("row").filter({ hasText: "Lost reason" })).toContainText("Budget");

  // And as a file.
  const [download] = await Promise.all([page.waitForEvent("download"), winRate.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^win-rate-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(lines.slice(0, 3)).toEqual(["By,Group,Won,Lost,Win rate (%)", "All,All deals,1,1,50", `Source,${SOURCE},1,1,50`]);
  expect(lines).toContain("Lost reason,Budget,,1,");

  await checkAndCapture(page, "reports");
  await shootAt375(page, "reports");
});
