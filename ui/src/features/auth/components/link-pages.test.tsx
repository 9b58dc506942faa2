import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { createQueryClient } from "@/lib/query-client";
import { stubFetch } from "@/test/render";
import { InvitePage } from "./invite-page.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";

const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";
const PASSWORD = "violet tractors hum beneath quartz";
const USER_ID = "7c8d3c1e-0000-4000-8000-000000000001";

const me = (role: string) => ({
  accountId: USER_ID,
  email: "noor@agency.test",
  user: {
    id: USER_ID,
    email: "noor@agency.test",
    displayName: "Noor Haddad",
    role,
    approved: true,
    status: "active",
    requestedAt: "2026-11-20T09:00:00.000Z",
    approvedAt: "2026-11-20T09:00:00.000Z",
    approvedBy: null,
  },
});

const INVITE = {
  email: "noor@agency.test",
  displayName: "Noor",
  role: "Project Manager",
  invitedBy: "Ada Partner",
  agencyName: "Northwind Studio",
  expiresAt: "2026-12-04T10:00:00.000Z",
};

/** The page at a path (its hash included), beside a stand-in for the app it opens. */
function renderAt(path: string) {
  const queryClient = createQueryClient();
  // The frame's agency name is known already: the requests counted below are the page's own.
  queryClient.setQueryDefaults(["branding"], { staleTime: Infinity });
  queryClient.setQueryData(["branding"], { agencyName: "Northwind Studio", logoUrl: null });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/invite" element={<InvitePage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/dashboard" element={<p>The dashboard</p>} />
          <Route path="/login" element={<p>The sign-in page</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => vi.unstubAllGlobals());

describe("the invitation page", { timeout: 20_000 }, () => {
  it("shows who invited whom, then posts the token from the link's hash and opens the app signed in", async () => {
    const calls = stubFetch((url, init) => {
      if (url === `/api/auth/invites/${TOKEN}`) return { status: 200, body: INVITE };
      if (url === "/api/auth/invites/accept" && init?.method === "POST") return { status: 201, body: me("Project Manager") };
      return { status: 404 };
    });
    const queryClient = renderAt(`/invite#${TOKEN}`);

    expect(await screen.findByRole("heading", { name: "Join Northwind Studio" })).toBeTruthy();
    const details = screen.getByText("Email").closest("dl")!;
    expect(within(details).getByText("noor@agency.test")).toBeTruthy();
    expect(within(details).getByText("Project Manager")).toBeTruthy();
    expect(within(details).getByText("Ada Partner")).toBeTruthy();
    expect((screen.getByLabelText("Display name") as HTMLInputElement).value).toBe("Noor");

    await userEvent.clear(screen.getByLabelText("Display name"));
    await userEvent.type(screen.getByLabelText("Display name"), "Noor Haddad");
    await userEvent.type(screen.getByLabelText("Password"), PASSWORD);
    await userEvent.click(screen.getByRole("button", { name: "Join Northwind Studio" }));

    expect(await screen.findByText("The dashboard")).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["GET", `/api/auth/invites/${TOKEN}`, undefined],
      ["POST", "/api/auth/invites/accept", { token: TOKEN, displayName: "Noor Haddad", password: PASSWORD }],
    ]);
    expect(queryClient.getQueryData(["me"])).toMatchObject({ email: "noor@agency.test", user: { role: "Project Manager" } });
  });

  it("says a used or expired invitation no longer works, with a way to the sign-in page", async () => {
    const calls = stubFetch(() => ({ status: 404, body: { title: "Not found", status: 404, detail: "This invitation is not valid." } }));
    renderAt(`/invite#${TOKEN}`);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "This invitation no longer works" })).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: /Join/ })).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe("the reset page", { timeout: 20_000 }, () => {
  it("spends nothing on load (mail scanners open links), and posts the token and the password on the click", async () => {
    const calls = stubFetch((url) =>
      url === "/api/auth/password-reset/complete" ? { status: 200, body: me("Partner") } : { status: 404 },
    );
    const queryClient = renderAt(`/reset-password#${TOKEN}`);
    expect(screen.getByRole("heading", { name: "Set a new password" })).toBeTruthy();
    await userEvent.type(screen.getByLabelText("New password"), PASSWORD);
    // The meter's scorer loads on the first character; nothing else goes out before the click.
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Set Password and Sign In" }));
    expect(await screen.findByText("The dashboard")).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["POST", "/api/auth/password-reset/complete", { token: TOKEN, password: PASSWORD }],
    ]);
    expect(queryClient.getQueryData(["me"])).toMatchObject({ user: { displayName: "Noor Haddad" } });
  });

  it("offers a new link when the server says the token is spent", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        title: "Validation failed",
        status: 400,
        detail: "This link is not valid",
        errors: [{ field: "token", message: "This link is not valid" }],
      },
    }));
    renderAt(`/reset-password#${TOKEN}`);
    await userEvent.type(screen.getByLabelText("New password"), PASSWORD);
    await userEvent.click(screen.getByRole("button", { name: "Set Password and Sign In" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(within(alert).getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/login");
  });

  it("shows the dead link at once for a link without a token, and posts nothing", () => {
    const calls = stubFetch(() => ({ status: 500 }));
    renderAt("/reset-password");
    expect(screen.getByRole("heading", { name: "This link no longer works" })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
