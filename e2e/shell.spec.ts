/// <reference lib="dom" />
import { expect, test, type Page } from "@playwright/test";
import { PARTNER } from "./support/accounts.ts";
import { checkAndCapture } from "./support/screens.ts";

test.use({ storageState: PARTNER.state });

test.describe("theme", () => {
  test("light by default; the dark choice survives a reload and applies before the app runs", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();

    // No flash, and no request before the first paint: with the app's files blocked, the page's own
    // script (allowed by the CSP's hash) still puts the stored theme on <html>, and its own
    // stylesheet paints the dark background.
    const files = /\/assets\/.*\.(js|css)$/;
    await page.route(files, (route) => route.abort());
    const violations: string[] = [];
    page.on("console", (message) => message.text().includes("Content Security Policy") && violations.push(message.text()));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    expect(background).not.toBe("rgb(255, 255, 255)");
    expect(violations).toEqual([]);
    await page.unroute(files);

    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});

test.describe("sidebar", () => {
  const rail = (page: Page) => page.locator('[data-slot="sidebar-container"]');

  test("Ctrl+B collapses it to icons (3rem) and back (16rem), remembered in a 7-day cookie", async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect.poll(async () => (await rail(page).boundingBox())?.width).toBe(256);

    await page.keyboard.press("Control+b");
    await expect.poll(async () => (await rail(page).boundingBox())?.width).toBe(48);
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await checkAndCapture(page, "sidebar-collapsed");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect.poll(async () => (await rail(page).boundingBox())?.width).toBe(48);
    // The labels stay in the accessible names while clipped.
    await page.getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL("/leads");

    await page.keyboard.press("Control+b");
    await expect.poll(async () => (await rail(page).boundingBox())?.width).toBe(256);
    expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
  });

  test("below 768 px it is a sheet 18rem wide", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await checkAndCapture(page, "mobile-dashboard");

    await page.getByRole("button", { name: "Open navigation" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288);
    await checkAndCapture(page, "mobile-sheet");
    await sheet.getByRole("link", { name: "Approvals" }).click();
    await expect(page).toHaveURL("/approvals");
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "User Approvals" })).toBeVisible();
    await checkAndCapture(page, "mobile-approvals");
  });
});
