import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SIGNED_IN_COOKIE } from "@crm/contracts/auth/answers";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { TeamPage } from "./team-page.tsx";

const ID = (n: number) => `7c8d3c1e-0000-4000-8000-00000000000${n}`;

const member = (n: number, displayName: string, status: string, extra: Record<string, unknown> = {}) => ({
  id: ID(n),
  email: `${displayName.toLowerCase()}@agency.test`,
  displayName,
  role: "Project Manager",
  approved: status !== "invited" && status !== "pending",
  status,
  requestedAt: "2026-11-20T09:00:00.000Z",
  approvedAt: null,
  approvedBy: null,
  lastSignInAt: null,
  inviteExpiresAt: null,
  ...extra,
});

const TEAM = [
  member(1, "Ada", "active", { role: "Partner", lastSignInAt: "2026-11-27T08:00:00.000Z" }),
  member(2, "Cleo", "active", { role: "Creative Director" }),
  member(3, "Ines", "invited", { inviteExpiresAt: "2026-12-04T09:00:00.000Z" }),
];

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

describe("the Team page", { timeout: 20_000 }, () => {
  it("names the bad field of a refused invitation under the email field", async () => {
    const calls = stubFetch((url, init) => {
      if (url === "/api/users/team") return { status: 200, body: TEAM };
      if (url === "/api/users/invites" && init?.method === "POST") {
        return {
          status: 400,
          body: {
            title: "Validation failed",
            status: 400,
            detail: "email: This domain does not receive mail",
            errors: [{ field: "email", message: "This domain does not receive mail" }],
          },
        };
      }
      return { status: 404 };
    });
    renderWithApp(<TeamPage />);
    await screen.findByText("Cleo");
    await userEvent.click(screen.getByRole("button", { name: "Invite Colleague" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Colleague" });
    await userEvent.type(within(dialog).getByLabelText(/Email/), "Lou@Nowhere.test");
    await userEvent.type(within(dialog).getByLabelText(/Display name/), "Lou");
    await userEvent.click(within(dialog).getByRole("combobox", { name: /Role/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Creative Director" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));

    const email = within(dialog).getByLabelText(/Email/);
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe("This domain does not receive mail");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { email: "lou@nowhere.test", displayName: "Lou", role: "Creative Director" },
    ]);
    expect(screen.getByRole("dialog", { name: "Invite Colleague" })).toBeTruthy(); // still open, to fix the address
  });

  it("asks before deactivating, says what happens, and deactivates only on confirmation", async () => {
    const calls = stubFetch((url) => {
      if (url === "/api/users/team") return { status: 200, body: TEAM };
      if (url === `/api/users/${ID(2)}/deactivate`) {
        return {
          status: 200,
          body: { ...member(2, "Cleo", "deactivated", { role: "Creative Director" }), position: "0000000000000042", version: 3 },
        };
      }
      return { status: 404 };
    });
    renderWithApp(<TeamPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Cleo" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Deactivate" }));

    const dialog = await screen.findByRole("dialog", { name: "Deactivate Cleo?" });
    expect(within(dialog).getByText(/signed out on every device at once/).textContent).toMatch(/stays\s+in the history/);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Deactivate Cleo?" })).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([`/api/users/${ID(2)}/deactivate`]);
    // The list is read again after the change.
    await vi.waitFor(() => expect(calls.filter((c) => c.url === "/api/users/team").length).toBeGreaterThan(1));
  });

  it("shows an Auditor the team to read: no invitation, no member's actions", async () => {
    const auditor = member(4, "Aud", "active", { role: "Auditor" });
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    try {
      stubFetch((url) => {
        if (url === "/api/users/team") return { status: 200, body: [...TEAM, auditor] };
        if (url === "/api/auth/me") return { status: 200, body: { accountId: auditor.id, email: auditor.email, user: auditor } };
        return { status: 404 };
      });
      renderWithApp(<TeamPage />);
      await screen.findByText("Cleo");
      // Offered until the session says who reads: an Auditor.
      await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Invite Colleague" })).toBeNull());
      expect(screen.queryByRole("button", { name: "Actions for Cleo" })).toBeNull();
    } finally {
      document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
    }
  });
});
