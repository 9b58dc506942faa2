import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { logoProblem } from "./logo-card.tsx";
import { SettingsPage } from "./settings-page.tsx";

const SETTINGS = {
  agencyName: "Northwind Studio",
  senderName: "Northwind",
  replyTo: null,
  currency: "EUR",
  timeZone: "Europe/Paris",
  weekStart: "Monday",
  logoUrl: null,
  version: 3,
};
const CURRENCY_REFUSED = "Use a three-letter ISO 4217 code, such as EUR or USD";

let calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  polyfillRadix();
  calls = stubFetch((url, init) => {
    if (url === "/api/settings" && init?.method === "PATCH") {
      return {
        status: 400,
        body: { title: "Validation failed", detail: CURRENCY_REFUSED, errors: [{ field: "currency", message: CURRENCY_REFUSED }] },
      };
    }
    if (url === "/api/settings") return { status: 200, body: SETTINGS };
    return { status: 404 };
  });
});

describe("the Settings page", () => {
  it("starts from the agency's settings, names the currency by its code and name, and keeps the time zone", async () => {
    renderWithApp(<SettingsPage />);
    expect(await screen.findByLabelText(/Agency name/)).toHaveProperty("value", "Northwind Studio");
    expect(screen.getByRole("combobox", { name: /Currency/ }).textContent).toContain("EUR — Euro");
    expect(screen.getByRole("combobox", { name: /Time zone/ }).textContent).toContain("Europe/Paris");
  });

  it("shows a 400 that names the currency under the currency field, and sends the form's values", async () => {
    renderWithApp(<SettingsPage />);
    const name = await screen.findByLabelText(/Agency name/);
    await userEvent.clear(name);
    await userEvent.type(name, "Northwind & Co");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    const currency = screen.getByRole("combobox", { name: /Currency/ });
    await waitFor(() => expect(currency.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = currency.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)?.textContent).toBe(CURRENCY_REFUSED);
    expect(screen.getByLabelText(/Agency name/).getAttribute("aria-invalid")).toBeNull();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      agencyName: "Northwind & Co",
      senderName: "Northwind",
      replyTo: null,
      currency: "EUR",
      timeZone: "Europe/Paris",
      weekStart: "Monday",
    });
  });

  it("refuses a logo of another type or too big before sending it", () => {
    expect(logoProblem({ type: "image/gif", size: 10 })).toBe("Choose a PNG, JPEG or WebP image.");
    expect(logoProblem({ type: "image/png", size: 600 * 1024 })).toMatch(/at most 512 KB/);
    expect(logoProblem({ type: "image/webp", size: 1024 })).toBeUndefined();
  });
});
