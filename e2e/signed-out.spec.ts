import { expect, test } from "@playwright/test";
import { PARTNER } from "./support/accounts.ts";
import { checkAndCapture, toast } from "./support/screens.ts";

test.describe("signed out", () => {
  test("every app path leads to the sign-in screen", async ({ page }) => {
    for (const path of ["/", "/dashboard", "/leads", "/approvals", "/pending", "/no-such-page"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/login");
    }
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toBeVisible();
    await checkAndCapture(page, "login");
  });

  test("the social button says it is not configured", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    await expect(page.getByText("Google sign-in is not configured on this server.")).toBeVisible();
  });

  test("missing fields and wrong passwords give Missing Information and Sign In Failed toasts", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(toast(page)).toContainText("Please enter both email and password.");

    await page.getByLabel("Email").fill(PARTNER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page)).toContainText("Sign In Failed");
    await expect(toast(page)).toContainText("Invalid email or password.");
    await expect(toast(page)).toHaveCount(1); // the new toast replaced the old one
  });

  test("the sign-up form says how long a password must be", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
      "Use at least 8 characters; a few unrelated words are strong, a word with a number is not.",
    );
    await checkAndCapture(page, "sign-up");
  });

  test("signing in with the real form reaches the dashboard; signing out returns to /login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(PARTNER.email);
    await page.getByLabel("Password").fill(PARTNER.password);
    await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.getByRole("button", { name: /^Account: / }).click(); // the sidebar footer's user menu
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login");
  });

  test("the public questionnaire without a token says the link is invalid, and an old lead-id link that it expired", async ({ page }) => {
    await page.goto("/onboarding-form");
    await expect(page.getByText("Invalid questionnaire link. Please use the link provided in your email.")).toBeVisible();
    await checkAndCapture(page, "questionnaire-invalid");
    await page.goto("/onboarding-form/0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01");
    await expect(page.getByRole("alert")).toHaveText("This link has expired; ask your agency for a new one.");
    await expect(page.getByRole("button", { name: "Submit Questionnaire" })).toHaveCount(0);
  });
});
