/// <reference lib="dom" />
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { PARTNER } from "./support/accounts.ts";
import { checkAndCapture } from "./support/screens.ts";

// The audit journey of issue 9 on a lead of its own, archived at the end so the other journeys'
// counts stay as the setup left them.
test.use({ storageState: PARTNER.state });
test.describe.configure({ mode: "serial" });

let api: APIRequestContext;
let leadId: string;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
  const created = await api.post("/api/leads", { data: { name: "Hal History", business: "Audit & Sons", email: "hal@history.test" } });
  expect(created.status(), await created.text()).toBe(201);
  leadId = ((await created.json()) as { id: string }).id;
  expect((await api.patch(`/api/leads/${leadId}`, { data: { name: "Hal Historian", stage: "Contacted" } })).ok()).toBe(true);
});

test.afterAll(async () => {
  await api.post(`/api/leads/${leadId}/archive`, { data: {} });
  await api.dispose();
});

test("the History card lists what changed and the slider shows the lead as it was", async ({ page }) => {
  await page.goto(`/lead/${leadId}`);
  const history = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "History" }) });
  const events = history.getByRole("list", { name: "Events" });
  await expect(events.getByRole("listitem")).toHaveCount(3);
  await expect(events.getByRole("listitem").first()).toContainText("Stage changed to Contacted");
  await expect(events).toContainText("Hal History → Hal Historian");
  const snapshot = history.getByLabel("The lead at this version");
  await expect(snapshot).toContainText("Hal Historian");
  const slider = history.getByRole("slider", { name: /time travel/i });
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(snapshot).toContainText("Hal History");
  await expect(snapshot).toContainText("New Lead");
  await expect(history.getByRole("link", { name: "JSON Lines" })).toHaveAttribute("href", `/api/leads/${leadId}/history.jsonl`);
});

test("a Partner erases the lead's personal data after typing its name", async ({ page }) => {
  await page.goto(`/lead/${leadId}`);
  await page.getByRole("button", { name: "Erase Personal Data" }).click();
  const dialog = page.getByRole("dialog");
  const confirm = dialog.getByRole("button", { name: "Erase Personal Data" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill("Hal Historian");
  await confirm.click();
  await expect(page.getByText("This lead's personal data has been erased.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "[erased]" })).toBeVisible();
  const lead = (await (await api.get(`/api/leads/${leadId}`)).json()) as { name: string; email: string; stage: string };
  expect(lead).toMatchObject({ name: "[erased]", email: "[erased]", stage: "Contacted" });

  // The page offers nothing the server would refuse, says why, and lets the card leave the board.
  await expect(page.getByRole("status").filter({ hasText: "personal data was erased" })).toContainText("only archived");
  for (const name of ["Send Email", "Edit Lead", "Schedule Meeting", "Create new link"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  await checkAndCapture(page, "lead-erased");
  await page.getByRole("button", { name: "Archive" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Archive Lead" }).click();
  await expect(page).toHaveURL("/leads");
  // Archived, it is listed in the Archived view: still erased.
  const archived = await api.get(`/api/leads/${leadId}`);
  expect(archived.status()).toBe(200);
  expect(await archived.json()).toMatchObject({ status: "archived", name: "[erased]", email: "[erased]" });
});
