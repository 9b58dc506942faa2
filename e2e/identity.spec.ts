import { expect, test } from "@playwright/test";
import { PARTNER } from "./support/accounts.ts";
import { checkAndCapture, sidebarItems, toast } from "./support/screens.ts";

test("sign up, request access as Project Manager, wait, get approved by a Partner, land on the dashboard", async ({ page, browser }) => {
  const newcomer = { email: `nora.newcomer.${Date.now()}@agency.test`, password: "a long enough password", name: "Nora Newcomer" };

  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Email").fill(newcomer.email);
  // A guessable password: the meter says so as it is typed, and the server's refusal shows under the field.
  await page.getByLabel("Password").fill("Summer2026!");
  await expect(page.getByText(/^Strength: Too weak/)).toBeVisible();
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("tabpanel").getByRole("alert")).toContainText("This password is too easy to guess.");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Password").fill(newcomer.password);
  await expect(page.getByRole("tabpanel").getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Strength: Strong")).toBeVisible();
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign Up" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Request Access" })).toBeVisible();
  await expect(page.getByText(newcomer.email)).toBeVisible();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(toast(page)).toContainText("Role Required");
  await expect(toast(page)).toContainText("Please select a role to continue.");
  await checkAndCapture(page, "request-access");

  await page.getByLabel("Display name").fill(newcomer.name);
  await page.getByRole("radio", { name: /Project Manager/ }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL("/pending");
  await expect(toast(page)).toContainText("Your account is pending approval from a Partner.");
  await expect(page.getByRole("heading", { level: 1, name: "Pending Approval" })).toBeVisible();
  await expect(page.getByText(newcomer.email)).toBeVisible();
  await expect(page.getByText("Project Manager")).toBeVisible();
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();
  await page.goto("/leads");
  await expect(page).toHaveURL("/pending");
  await checkAndCapture(page, "pending");

  // A Partner, in another browser context, approves the request.
  const partnerContext = await browser.newContext({ storageState: PARTNER.state });
  const partnerPage = await partnerContext.newPage();
  await partnerPage.goto("/approvals");
  const card = partnerPage.getByRole("listitem").filter({ hasText: newcomer.email });
  await expect(card).toContainText(newcomer.name);
  await expect(card).toContainText("Project Manager");
  await checkAndCapture(partnerPage, "approvals");
  await card.getByRole("button", { name: `Approve ${newcomer.name}` }).click();
  await expect(toast(partnerPage)).toContainText("User Approved");
  await expect(toast(partnerPage)).toContainText(`${newcomer.name} can now access the system.`);
  await expect(card).toHaveCount(0);
  await partnerContext.close();

  // The newcomer's pending screen asks again every few seconds and lets them in, without signing in again.
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText(`Welcome, ${newcomer.name}`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(sidebarItems("Project Manager"));
});

test("a Partner's approvals page says when nobody is waiting", async ({ browser }) => {
  const context = await browser.newContext({ storageState: PARTNER.state });
  const page = await context.newPage();
  await page.goto("/approvals");
  await expect(page.getByText("No Pending Approvals")).toBeVisible();
  await checkAndCapture(page, "approvals-empty");
  await context.close();
});
