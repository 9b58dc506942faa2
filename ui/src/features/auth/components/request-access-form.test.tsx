import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { RequestAccessForm } from "./request-access-form.tsx";

const TOO_SOON = "Your request for access was declined on 2026-11-21 12:00 UTC. You may ask again from 2026-11-22 12:00 UTC.";

afterEach(() => vi.unstubAllGlobals());

describe("the access request", () => {
  it("says from when a rejected person may ask again, as the server words it", async () => {
    polyfillRadix();
    const calls = stubFetch(() => ({ status: 429, body: { type: "about:blank", title: "Too soon", status: 429, detail: TOO_SOON } }));
    renderWithApp(<RequestAccessForm email="cleo@agency.test" />);
    await userEvent.click(screen.getByRole("radio", { name: /Creative Director/ }));
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText(TOO_SOON)).toBeTruthy();
    expect(screen.getByText("Registration Failed")).toBeTruthy();
    expect(calls.map((c) => [c.url, c.body])).toEqual([["/api/auth/register", { displayName: "cleo", role: "Creative Director" }]]);
  });
});
