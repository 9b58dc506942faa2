import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The API reference at /api/docs (docs/decisions/052-api-reference.md): Scalar renders /api/openapi.json
// from our own assets, under the app's CSP, without a session.

const SHOTS = path.join(import.meta.dirname, "screenshots");

/** Console errors, and CSP violations as the page itself sees them (securitypolicyviolation events). */
async function watchForProblems(page: Page): Promise<{ errors: string[]; violations: () => Promise<string[]> }> {
  const errors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  page.on("pageerror", (error) => void errors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return { errors, violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

test.describe("the API reference", () => {
  test("lists the operations by tag, from our origin only, with no console error or CSP violation", async ({ page, baseURL }) => {
    const problems = await watchForProblems(page);
    const foreign: string[] = [];
    const origin = new URL(baseURL!).origin;
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith("data:") && new URL(url).origin !== origin) foreign.push(url);
    });

    await page.goto("/api/docs");
    await expect(page).toHaveTitle("Agency CRM API reference");
    // 3.6 MB of script to parse on a shared machine before the first heading: more than expect's 10 s.
    await expect(page.getByRole("heading", { level: 1, name: "Agency CRM API" })).toBeVisible({ timeout: 30_000 });

    // The sidebar lists the document's tags; opening "leads" shows its operations by summary.
    const sidebar = page.getByRole("complementary", { name: "Sidebar for Agency CRM API" });
    await sidebar.getByRole("button", { name: "Open Group - leads" }).click();
    const exportLeads = sidebar.getByRole("link", { name: "Every lead matching the filter, in board order (CSV export) HTTP Method: GET" });
    await exportLeads.click();
    await expect(page.getByRole("heading", { name: "Every lead matching the filter, in board order (CSV export)" })).toBeInViewport();

    // Our palette (ui/src/api-docs/api-docs.css) keeps every text at WCAG AA contrast, light and dark.
    await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const contrast = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
      expect(
        contrast.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`)),
        colorScheme,
      ).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `api-docs-${colorScheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 375, height: 812 });
    // At a phone's width the operation reflows into one column: nothing wider than the screen.
    await expect(page.getByRole("heading", { name: "Every lead matching the filter, in board order (CSV export)" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(SHOTS, "api-docs-375-light.png") });

    expect(problems.errors).toEqual([]);
    expect(await problems.violations()).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
