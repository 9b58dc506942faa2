/// <reference lib="dom" />
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { PARTNER, PROJECT_MANAGER } from "./support/accounts.ts";
import { checkAndCapture } from "./support/screens.ts";

// CSV both ways (docs/product.md, "Leads and the pipeline", CSV export and import): the export writes
// stage, owner and deal and neutralises formulas; its file, with new emails, imports back with a
// preview of what each row sets. Leads are made through the API (emails @csv.test) and archived at the end.
test.use({ storageState: PARTNER.state });

const SHOTS = path.join(import.meta.dirname, "screenshots");
const tag = Date.now().toString(36);
let api: APIRequestContext;

const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });
const card = (page: Page, stage: string, name: string) => column(page, stage).getByRole("article", { name, exact: true });

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL, storageState: PARTNER.state, extraHTTPHeaders: { Origin: baseURL! } });
});

test.afterAll(async () => {
  const open = (await (await api.get("/api/leads?search=csv.test")).json()) as { id: string }[];
  for (const { id } of open) await api.post(`/api/leads/${id}/archive`, { data: {} });
  await api.dispose();
});

async function managerId(): Promise<string> {
  const staff = (await (await api.get("/api/users")).json()) as { id: string; email: string }[];
  return staff.find((u) => u.email === PROJECT_MANAGER.email)!.id;
}

test("export writes stage, owner and deal with formulas neutralised; the file imports back with a preview of what it sets", async ({
  page,
}) => {
  const created = await api.post("/api/leads", {
    data: {
      name: `Ada Csv ${tag}`,
      business: "Lovelace Co",
      email: `ada.${tag}@csv.test`,
      phone: "+1 555 0100",
      source: '=HYPERLINK("http://evil","x")',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const set = await api.patch(`/api/leads/${id}`, {
    data: { stage: "Proposal Sent", assignedTo: await managerId(), valueMinor: 125_050, expectedCloseOn: "2030-03-05", probability: 60 },
  });
  expect(set.ok(), await set.text()).toBe(true);

  await page.goto("/leads");
  await expect(column(page, "New Lead")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(tag);
  await expect(page.getByText("1 matching lead")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Name,Business,Email,Phone,Stage,Priority,Source,Owner,Value,Expected Close,Probability,Notes");
  expect(lines[1]).toBe(
    `Ada Csv ${tag},Lovelace Co,ada.${tag}@csv.test,'+1 555 0100,Proposal Sent,medium,"'=HYPERLINK(""http://evil"",""x"")",${PROJECT_MANAGER.email},1250.50,2030-03-05,60,`,
  );

  // The same file with a new email and name, and one row with a stage the board does not have.
  const again =
    csv.replaceAll(`ada.${tag}@csv.test`, `ann.${tag}@csv.test`).replaceAll(`Ada Csv ${tag}`, `Ann Csv ${tag}`) +
    `Bad Csv ${tag},Bad Co,bad.${tag}@csv.test,,Negotiation,medium,,,,,,\r\n`;
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Leads" });
  await dialog.getByLabel("CSV file").setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(again) });
  await expect(dialog.getByText("leads.csv: 2 rows, 12 columns.")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Stage" })).toHaveText("Stage");
  await expect(dialog.getByRole("combobox", { name: "Owner" })).toHaveText("Owner");
  await expect(dialog.getByRole("combobox", { name: "Expected Close" })).toHaveText("Expected Close");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText(/1 lead will be created, 0 will be updated, 1 row has errors/)).toBeVisible();
  const good = dialog.getByRole("row").filter({ hasText: "created" });
  await expect(good).toContainText(`Stage: Proposal Sent · Owner: ${PROJECT_MANAGER.displayName} · Value:`);
  await expect(good).toContainText("Expected close: 2030-03-05 · Probability: 60% · Source: =HYPERLINK(");
  const bad = dialog.getByRole("row").filter({ hasText: "error" });
  await expect(bad).toContainText('stage: "Negotiation" (column "Stage") is not a stage');
  await good.scrollIntoViewIfNeeded();
  await checkAndCapture(page, "csv-import-preview");
  await page.setViewportSize({ width: 375, height: 812 });
  await good.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "csv-import-preview-375-light.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText(/1 lead was created, 0 were updated, 1 row has errors/)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(`Ann Csv ${tag}`);
  await expect(card(page, "Proposal Sent", `Ann Csv ${tag}`)).toBeVisible();
  const [imported] = (await (await api.get(`/api/leads?search=ann.${tag}@csv.test`)).json()) as Record<string, unknown>[];
  expect(imported).toMatchObject({ phone: "+1 555 0100", source: '=HYPERLINK("http://evil","x")', valueMinor: 125_050, probability: 60 });
});
