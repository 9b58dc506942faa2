import { expect, test } from "@playwright/test";
import { CREATIVE_DIRECTOR, PARTNER, PROJECT_MANAGER } from "./support/accounts.ts";
import { checkAndCapture, PAGES } from "./support/screens.ts";

for (const who of [PARTNER, PROJECT_MANAGER, CREATIVE_DIRECTOR]) {
  test.describe(`navigation as ${who.role}`, () => {
    test.use({ storageState: who.state });

    test("the sidebar lists the role's pages and each one opens, highlighted", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText("Welcome back! Here's an overview of your CRM activity.")).toBeVisible();
      await expect(page.getByText(`Welcome, ${who.displayName}`)).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link")).toHaveText(PAGES[who.role].map(([item]) => item));
      await expect(page.locator('[data-slot="sidebar"]').getByText(who.role, { exact: true })).toBeVisible();

      for (const [item, path, title] of PAGES[who.role]) {
        await nav.getByRole("link", { name: item }).click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(nav.getByRole("link", { name: item })).toHaveAttribute("aria-current", "page");
        await expect(page.locator('[data-slot="spinner"], [data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0); // loaded
        await checkAndCapture(page, `${who.role.toLowerCase().replaceAll(" ", "-")}${path.replaceAll("/", "-")}`);
      }
    });

    test("an unknown path shows the 404 page inside the app", async ({ page }) => {
      await page.goto("/no/such/page");
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      if (who === PARTNER) await checkAndCapture(page, "not-found");
      await page.getByRole("link", { name: "Back to Dashboard" }).click();
      await expect(page).toHaveURL("/dashboard");
    });

    test("the login page sends an approved user to the dashboard", async ({ page }) => {
      await page.goto("/login");
      await expect(page).toHaveURL("/dashboard");
    });
  });
}

test.describe("dashboard content", () => {
  test.use({ storageState: PARTNER.state });

  test("shows the counters, both charts and the recent activity", async ({ page }) => {
    // The figures other journeys left behind, as the API counts them (each journey adds its own leads).
    const stats = (await (await page.request.get("/api/stats")).json()) as { newLeads: number };
    const board = (await (await page.request.get("/api/leads/board?limit=1")).json()) as { columns: { stage: string; count: number }[] };
    await page.goto("/dashboard");
    const figures = page.getByRole("list", { name: "Pipeline figures" });
    await expect(figures.getByRole("listitem")).toHaveCount(4);
    await expect(figures.getByRole("listitem").filter({ hasText: "New Leads" })).toContainText(String(stats.newLeads));
    expect(stats.newLeads).toBeGreaterThan(0);
    const stages = page.getByRole("list", { name: "Leads per stage" }).getByRole("listitem");
    await expect(stages).toHaveCount(10);
    await expect(stages.first()).toHaveText(`New Lead: ${board.columns[0]!.count}`);
    await expect(stages.nth(1)).toHaveText(`Contacted: ${board.columns[1]!.count}`);
    await expect(page.getByRole("img", { name: /^New leads per week\./ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
    await expect(page.getByText(/ ago/).first()).toBeVisible();
  });

  test("a lead that does not exist says so", async ({ page }) => {
    await page.goto("/lead/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1, name: "Lead Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Leads" }).click();
    await expect(page).toHaveURL("/leads");
  });

  test("the command menu jumps to a page and finds a lead by name", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.keyboard.press("Control+k");
    const menu = page.getByRole("dialog");
    await menu.getByRole("combobox").fill("onboard");
    await menu.getByRole("option", { name: "Onboarding" }).click();
    await expect(page).toHaveURL("/onboarding");

    await page.keyboard.press("Control+k");
    await menu.getByRole("combobox").fill("chloe");
    await menu.getByRole("option", { name: /Chloe Park/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chloe Park" })).toBeVisible();
    await checkAndCapture(page, "lead-detail");
  });
});
