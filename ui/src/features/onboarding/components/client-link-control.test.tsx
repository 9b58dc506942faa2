import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientLinkSummary } from "@crm/contracts/client-link/answers";
import { renderWithApp, stubFetch } from "@/test/render";
import { ClientLinkControl } from "./client-link-control.tsx";

const LEAD = "00000000-0000-4000-8000-000000000001";
const OLD_LINK = "00000000-0000-4000-8000-0000000000a1";
const NEW_LINK = "00000000-0000-4000-8000-0000000000a2";
const URL_ = "http://localhost:3000/onboarding-form/q3Zt0mYk8vJx2Hc7Lw5Rb1Ns9Pd4Fg6Ae0Ui3Ko7Ty2";
const summary = (id: string, over: Partial<ClientLinkSummary> = {}): ClientLinkSummary => ({
  id,
  purpose: "questionnaire",
  issuedAt: "2026-11-20T10:00:00.000Z",
  issuedBy: "u1",
  expiresAt: null,
  floodedAt: null,
  ...over,
});

/** A fake API with one lead's live link, which POST replaces and DELETE revokes. */
function fakeServer(initial: ClientLinkSummary | null) {
  let live = initial;
  return stubFetch((url, init) => {
    if (url !== `/api/leads/${LEAD}/client-link`) return { status: 404 };
    const method = init?.method ?? "GET";
    if (method === "POST") {
      const replaced = live?.id ?? null;
      live = summary(NEW_LINK, { issuedAt: "2026-11-26T10:00:00.000Z" });
      const created = {
        id: NEW_LINK,
        purpose: "questionnaire",
        url: URL_,
        issuedAt: live.issuedAt,
        expiresAt: null,
        replaced,
        version: 2,
        position: "p2",
      };
      return { status: 201, body: created };
    }
    if (method === "DELETE") {
      const revoked = live?.id ?? null;
      live = null;
      return { status: 200, body: { revoked, version: 3, position: "p3" } };
    }
    return { status: 200, body: { questionnaire: live } };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("Client questionnaire link control", { timeout: 30_000 }, () => {
  it("creates a link and shows it once, with a copy button that puts it on the clipboard", async () => {
    const calls = fakeServer(null);
    const user = userEvent.setup(); // before the clipboard: user-event installs a clipboard of its own
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithApp(<ClientLinkControl leadId={LEAD} />);
    expect(await screen.findByText(/No live link/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Revoke link" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Create new link" }));
    const box = await screen.findByRole("textbox", { name: "New client questionnaire link" });
    expect((box as HTMLInputElement).value).toBe(URL_);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { url: `/api/leads/${LEAD}/client-link`, method: "POST", body: { purpose: "questionnaire" } },
    ]);

    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(await screen.findByText("Link Copied")).toBeTruthy();
  });

  it("says plainly that a new link replaces the live one", async () => {
    fakeServer(summary(OLD_LINK));
    renderWithApp(<ClientLinkControl leadId={LEAD} />);
    expect(await screen.findByText(/A link is live, created Nov 20, 2026/)).toBeTruthy();
    expect(screen.getByText(/A new link replaces this one/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Create new link" }));
    expect(await screen.findByText("New link created. It replaces the old link, which no longer works.")).toBeTruthy();
  });

  it("revokes the live link only after confirming", async () => {
    const calls = fakeServer(summary(OLD_LINK));
    renderWithApp(<ClientLinkControl leadId={LEAD} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke link" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Keep link" }));
    await user.click(screen.getByRole("button", { name: "Revoke link" }));
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1));
    expect(await screen.findByText(/No live link/)).toBeTruthy();
    expect(screen.getByText("Link Revoked")).toBeTruthy();
  });

  it("warns staff when a flood came through the link", async () => {
    fakeServer(summary(OLD_LINK, { floodedAt: "2026-11-25T09:00:00.000Z" }));
    renderWithApp(<ClientLinkControl leadId={LEAD} />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/Many submissions came through this link on Nov 25, 2026/);
  });
});
