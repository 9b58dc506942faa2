import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubFetch } from "@/test/render";
import { ApprovalsPage } from "./approvals-page.tsx";

const request = (id: string, displayName: string, previousRejectionAt: string | null) => ({
  id,
  email: `${displayName.toLowerCase()}@agency.test`,
  displayName,
  role: "Creative Director",
  approved: false,
  status: "pending",
  requestedAt: "2026-11-22T12:00:00.000Z",
  approvedAt: null,
  approvedBy: null,
  previousRejectionAt,
});

afterEach(() => vi.unstubAllGlobals());

describe("the pending approvals", () => {
  it("marks a re-application with the date of its rejection, and only that one", async () => {
    stubFetch((url) =>
      url === "/api/users/pending"
        ? {
            status: 200,
            body: [
              request("7c8d3c1e-0000-4000-8000-000000000001", "Cleo", "2026-11-21T12:00:00.000Z"),
              request("7c8d3c1e-0000-4000-8000-000000000002", "Noor", null),
            ],
          }
        : { status: 404 },
    );
    renderWithApp(<ApprovalsPage />);
    const cards = await screen.findAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("Re-application (rejected on Nov 21, 2026)")).toBeTruthy();
    expect(within(cards[1]!).queryByText(/Re-application/)).toBeNull();
  });

  it("shows an answer of the wrong shape as a failed load that names the field, not as an empty list", async () => {
    const { role: _role, ...roleless } = request("7c8d3c1e-0000-4000-8000-000000000003", "Ines", null);
    stubFetch((url) => (url === "/api/users/pending" ? { status: 200, body: [roleless] } : { status: 404 }));
    renderWithApp(<ApprovalsPage />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load pending requests")).toBeTruthy();
    expect(alert.textContent).toMatch(/GET \/api\/users\/pending answered an unexpected shape \(0\.role: /);
    expect(screen.queryByText("No Pending Approvals")).toBeNull();
  });

  it("asks before rejecting, and rejects only on confirmation", async () => {
    const id = "7c8d3c1e-0000-4000-8000-000000000004";
    const calls = stubFetch((url, init) => {
      if (url === "/api/users/pending") return { status: 200, body: [request(id, "Omar", null)] };
      if (url === `/api/users/${id}/reject` && init?.method === "DELETE") return { status: 204 };
      return { status: 404 };
    });
    renderWithApp(<ApprovalsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Reject Omar" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Omar?" });
    expect(within(dialog).getByText(/may ask again after 24 hours/)).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Reject Omar?" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([`/api/users/${id}/reject`]);
  });
});
