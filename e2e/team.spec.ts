import path from "node:path";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { CREATIVE_DIRECTOR, PARTNER, PROJECT_MANAGER, type Account } from "./support/accounts.ts";
import { mailsTo } from "./support/mail.ts";
import { checkAndCapture, sidebarItems, toast } from "./support/screens.ts";

// docs/product.md, "Team and accounts", "Self-service" and "Roles": a colleague joins by invitation, a
// forgotten password is reset through the real mail, a role change reaches the colleague's open
// screen, a Creative Director reads their client's brief, and a screen a role may not use says so.

const SHOTS = path.join(import.meta.dirname, "screenshots");
const PASSWORD = "quiet harbour lantern seventeen";
const NO_SESSION = { cookies: [], origins: [] };

/** The path and fragment of the newest link to `page` mailed to an address (waits for the mail). */
async function mailedLink(to: string, page: "/invite" | "/reset-password"): Promise<string> {
  const find = () => mailsTo(to).flatMap((text) => [...text.matchAll(new RegExp(`https?://[^/\\s"]+(${page}#[a-z2-7]{32})`, "g"))].map((m) => m[1]!));
  await expect.poll(() => find().length, { message: `a ${page} link mailed to ${to}` }).toBeGreaterThan(0);
  return find().at(-1)!;
}

/** An API client signed in as a stored account, sending the app's Origin (cookie writes must be same-origin). */
async function apiAs(baseURL: string, who: Account): Promise<APIRequestContext> {
  return request.newContext({ baseURL, storageState: who.state, extraHTTPHeaders: { Origin: baseURL } });
}

/** A fresh approved colleague (through the real sign-up, access request and approval); its own API session. */
async function colleague(baseURL: string, partner: APIRequestContext, role: Account["role"], label: string) {
  const email = `${label}.${Date.now().toString(36)}@agency.test`;
  // An explicit empty state: a context made inside a test otherwise takes the test's storageState, and this
  // sign-up would then end the Partner's session (a sign-up never keeps the session it came with).
  const api = await request.newContext({ baseURL, storageState: NO_SESSION, extraHTTPHeaders: { Origin: baseURL } });
  expect((await api.post("/api/auth/sign-up", { data: { email, password: PASSWORD } })).status()).toBe(201);
  const registered = await api.post("/api/auth/register", { data: { displayName: `${label} Colleague`, role } });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  expect((await partner.post(`/api/users/${id}/approve`)).ok()).toBe(true);
  return { id, email, displayName: `${label} Colleague`, api };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).click();
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("as a Partner", () => {
  test.use({ storageState: PARTNER.state });

  test("invite a colleague; they set a password from the mailed link and land in the app with the role", async ({ page, browser, baseURL }) => {
    const email = `ivo.invited.${Date.now().toString(36)}@agency.test`;
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    await page.getByRole("button", { name: "Invite Colleague" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite Colleague" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Display name").fill("Ivo Invited");
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Project Manager" }).click();
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toast(page)).toContainText("Invitation Sent");
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText("Invited", { exact: true }).first()).toBeVisible();
    await checkAndCapture(page, "team");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(SHOTS, "team-375-light.png"), fullPage: true });

    // The colleague's browser: the link's page spends nothing until the button is pressed.
    const link = await mailedLink(email, "/invite");
    const theirs = await browser.newContext({ baseURL, storageState: NO_SESSION });
    const invitee = await theirs.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1, name: /^Join / })).toBeVisible();
    await expect(invitee.getByText(email)).toBeVisible();
    await expect(invitee.getByText("Project Manager")).toBeVisible();
    await invitee.reload(); // a mail scanner's second look changes nothing
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByRole("button", { name: /^Join / }).click();
    await expect(invitee).toHaveURL("/dashboard");
    await expect(mainNav(invitee).getByRole("link")).toHaveText(sidebarItems("Project Manager"));
    await expect(invitee.getByText("Welcome, Ivo Invited")).toBeVisible();

    // The link worked once; the Partner sees the colleague active, with a first sign-in.
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1 })).toContainText("no longer works");
    await theirs.close();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    await expect(row.getByText("Never")).toHaveCount(0);
  });

  test("change a colleague's role; their open sidebar follows without a reload", async ({ page, browser, baseURL }) => {
    const partner = await apiAs(baseURL!, PARTNER);
    const pm = await colleague(baseURL!, partner, "Project Manager", "rhea");
    const theirs = await browser.newContext({ baseURL, storageState: await pm.api.storageState() });
    const them = await theirs.newPage();
    await them.goto("/dashboard");
    await expect(mainNav(them).getByRole("link")).toHaveText(sidebarItems("Project Manager"));

    await page.goto("/team");
    await page.getByRole("button", { name: `Actions for ${pm.displayName}` }).click();
    await page.getByRole("menuitem", { name: "Change Role" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Role" });
    await dialog.getByRole("combobox").click();
    await page.getByRole("option", { name: "Creative Director" }).click();
    await dialog.getByRole("button", { name: /Change Role|Save/ }).click();
    await expect(toast(page)).toContainText(`${pm.displayName} is now Creative Director.`);

    // No reload on their side: the live notice refetches who they are.
    await expect(mainNav(them).getByRole("link")).toHaveText(["Dashboard", "My Clients"]);
    await expect(them.locator('[data-slot="sidebar"]').getByText("Creative Director", { exact: true })).toBeVisible();
    await theirs.close();
    await partner.dispose();
    await pm.api.dispose();
  });

  test("Profile and Settings pages, checked and captured", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(page.getByLabel("Display name")).toHaveValue(PARTNER.displayName);
    await checkAndCapture(page, "profile");
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.locator('[data-slot="spinner"], [data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
    await checkAndCapture(page, "settings");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(SHOTS, "settings-375-light.png"), fullPage: true });
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "profile-375-light.png"), fullPage: true });
  });
});

test("forgot password: the mailed link sets a new one, and the old sessions end", async ({ browser, baseURL }) => {
  const partner = await apiAs(baseURL!, PARTNER);
  const who = await colleague(baseURL!, partner, "Project Manager", "fern");
  const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("button", { name: "Send Link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();

  const link = await mailedLink(who.email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
  const newPassword = "amber tortoise violin meadow";
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set Password and Sign In" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText(`Welcome, ${who.displayName}`)).toBeVisible();

  // The session the colleague had before the reset is gone; the new password signs in, the old one not.
  expect((await who.api.get("/api/auth/me")).status()).toBe(401);
  const fresh = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const again = await fresh.newPage();
  await signIn(again, who.email, PASSWORD);
  await expect(again.getByRole("tabpanel").getByRole("alert").or(toast(again))).toContainText("Invalid email or password.");
  await signIn(again, who.email, newPassword);
  await expect(again).toHaveURL("/dashboard");
  await Promise.all([context.close(), fresh.close(), partner.dispose(), who.api.dispose()]);
});

test.describe("as a Creative Director", () => {
  test.use({ storageState: CREATIVE_DIRECTOR.state });

  test("opens an assigned client's lead page: the brief, read-only sales fields", async ({ page, baseURL }) => {
    const partner = await apiAs(baseURL!, PARTNER);
    const created = await partner.post("/api/leads", {
      data: { name: "Bea Brief", business: `Brief Ceramics ${Date.now().toString(36)}`, email: "bea@briefceramics.test" },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await partner.patch(`/api/leads/${id}`, { data: { stage: "Contract Signed" } })).ok()).toBe(true);
    const link = await partner.post(`/api/leads/${id}/client-link`, { data: {} });
    const token = String(((await link.json()) as { url: string }).url)
      .split("/")
      .pop();
    const answered = await partner.post("/api/questionnaire", { data: { token, brandWords: "earthy, slow, handmade, honest, warm" } });
    expect(answered.status()).toBe(201);
    const directors = (await (await partner.get("/api/users/creative-directors")).json()) as { id: string; email: string }[];
    const me = directors.find((d) => d.email === CREATIVE_DIRECTOR.email)!;
    expect((await partner.post(`/api/onboarding/${id}/assign-director`, { data: { creativeDirectorId: me.id } })).ok()).toBe(true);
    await partner.dispose();

    await page.goto(`/lead/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Bea Brief" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Onboarding Questionnaire" })).toBeVisible();
    await expect(page.getByText("earthy, slow, handmade, honest, warm")).toBeVisible();
    for (const action of ["Edit Lead", "Send Email", "Send SMS", "Archive"])
      await expect(page.getByRole("button", { name: action })).toHaveCount(0);
    await checkAndCapture(page, "lead-creative-director");
  });
});

test.describe("as a Project Manager", () => {
  test.use({ storageState: PROJECT_MANAGER.state });

  test("a screen for Partners only shows the no-access page, with a way back", async ({ page }) => {
    await page.goto("/approvals");
    await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(mainNav(page).getByRole("link", { name: "Approvals" })).toHaveCount(0);
    await checkAndCapture(page, "no-access");
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});
