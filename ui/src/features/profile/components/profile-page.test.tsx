import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubFetch } from "@/test/render";
import { ProfilePage } from "./profile-page.tsx";

const PROFILE = {
  id: "7c8d3c1e-0000-4000-8000-000000000001",
  email: "noor@agency.test",
  displayName: "Noor Haddad",
  role: "Project Manager",
  timeZone: null,
  signature: "",
};

afterEach(() => vi.unstubAllGlobals());

describe("the Profile page", { timeout: 20_000 }, () => {
  it("refuses a time zone the browser does not know, under the field, and sends nothing", async () => {
    const calls = stubFetch((url) => (url === "/api/profile" ? { status: 200, body: PROFILE } : { status: 404 }));
    renderWithApp(<ProfilePage />);
    const zone = await screen.findByRole("combobox", { name: "Time zone" });
    await userEvent.type(zone, "Mars/Olympus_Mons");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    await vi.waitFor(() => expect(zone.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(zone.getAttribute("aria-describedby")!)?.textContent).toBe("Choose a time zone from the list");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("saves a known zone in its canonical spelling, and an emptied one as the agency default (null)", async () => {
    const calls = stubFetch((url, init) => {
      if (url === "/api/profile" && init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return { status: 200, body: { ...PROFILE, ...body, position: "0000000000000042", version: 2 } };
      }
      return url === "/api/profile" ? { status: 200, body: { ...PROFILE, timeZone: "Asia/Tokyo" } } : { status: 404 };
    });
    renderWithApp(<ProfilePage />);
    const zone = await screen.findByRole("combobox", { name: "Time zone" });
    expect((zone as HTMLInputElement).value).toBe("Asia/Tokyo");

    await userEvent.clear(zone);
    await userEvent.type(zone, "europe/paris");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Profile Saved");

    await userEvent.click(screen.getByRole("button", { name: "Use agency default" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { displayName: "Noor Haddad", timeZone: "Europe/Paris", signature: "" },
      { displayName: "Noor Haddad", timeZone: null, signature: "" },
    ]);
  });
});
