/// <reference lib="dom" />
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Account } from "./accounts.ts";
import { expectAccessible } from "./axe.ts";

const DIR = path.join(import.meta.dirname, "..", "screenshots");

/** Switches the theme the way the app stores it (localStorage "theme" + the class on <html>). */
export async function useTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem("theme", t);
    document.documentElement.classList.toggle("dark", t === "dark");
    // As if another tab had switched it: the app's theme control follows storage events.
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: t }));
  }, theme);
}

/** Checks the page with axe and saves a screenshot, in the light and then the dark theme. */
export async function checkAndCapture(page: Page, name: string): Promise<void> {
  // Judge and picture the settled colours, not a hover or theme transition caught halfway.
  await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important;animation:none!important}" });
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await expectAccessible(page, `${name} (${theme})`);
    await page.screenshot({ path: path.join(DIR, `${name}-${theme}.png`), fullPage: true });
  }
  await useTheme(page, "light");
}

/** A full-page screenshot of the page at 375 px wide, light theme (name-375-light.png); the viewport is put back. */
export async function shootAt375(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(DIR, `${name}-375-light.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

/**
 * The toast on screen, looked for inside the toast itself: the front one (a replaced toast stays a
 * moment behind it while it slides out).
 */
export function toast(page: Page) {
  return page.locator('[data-sonner-toast][data-front="true"] [data-slot="toast"]');
}

// docs/product.md, "Shell and navigation": sidebar items by role, and the page title each one leads to.
export const PAGES: Record<Account["role"], [item: string, path: string, title: string][]> = {
  Partner: [
    ["Dashboard", "/dashboard", "Dashboard"],
    ["Leads", "/leads", "Leads"],
    ["Onboarding", "/onboarding", "Onboarding"],
    ["Inbox", "/inbox", "Inbox"],
    ["Reports", "/reports", "Reports"],
    ["Creative Portal", "/creative", "Creative Portal"],
    ["Approvals", "/approvals", "User Approvals"],
    ["Team", "/team", "Team"],
    ["Settings", "/settings", "Settings"],
    ["Audit", "/audit", "Audit"],
  ],
  "Project Manager": [
    ["Dashboard", "/dashboard", "Dashboard"],
    ["Leads", "/leads", "Leads"],
    ["Onboarding", "/onboarding", "Onboarding"],
    ["Inbox", "/inbox", "Inbox"],
    ["Reports", "/reports", "Reports"],
  ],
  "Creative Director": [
    ["Dashboard", "/dashboard", "Dashboard"],
    ["My Clients", "/creative", "My Clients"],
  ],
};

/** The sidebar's items for a role, in order. */
export const sidebarItems = (role: Account["role"]) => PAGES[role].map(([item]) => item);
