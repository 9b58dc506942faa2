import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
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
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget", "Timing"],
  logoUrl: null,
  version: 3,
};
const PROBABILITY_REFUSED = "At most 100";
const CURRENCY_REFUSED = "Use a three-letter ISO 4217 code, such as EUR or USD";

let calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  polyfillRadix();
  calls = stubFetch((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === "/api/settings" && init?.method === "PATCH" && "staleAfterDays" in body) {
      const staleAfterDays = { ...SETTINGS.staleAfterDays, ...(body.staleAfterDays as object) };
      return { status: 200, body: { ...SETTINGS, staleAfterDays, version: SETTINGS.version + 1 } };
    }
    if (url === "/api/settings" && init?.method === "PATCH" && "lostReasons" in body) {
      return {
        status: 400,
        body: {
          title: "Validation failed",
          detail: PROBABILITY_REFUSED,
          errors: [{ field: "stageProbabilities.Proposal Sent", message: PROBABILITY_REFUSED }],
        },
      };
    }
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

// Many keystrokes a test: on a busy machine typing alone can pass the default 5 s.
describe("the Settings page", { timeout: 30_000 }, () => {
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

  it("Deals: edits the lost reasons and a probability, sends both, and shows a 400 on a probability under its field", async () => {
    renderWithApp(<SettingsPage />);
    const proposal = await screen.findByRole("spinbutton", { name: "Proposal Sent" });
    expect(proposal).toHaveProperty("value", "50");
    await userEvent.clear(proposal);
    await userEvent.type(proposal, "55");
    await userEvent.clear(screen.getByRole("textbox", { name: "Lost reason 2" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Lost reason 2" }), "Bad timing");
    await userEvent.click(screen.getByRole("button", { name: "Add Reason" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Lost reason 3" }), "Went quiet");
    await userEvent.click(screen.getByRole("button", { name: "Remove Budget" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Deals" }));

    await waitFor(() => expect(proposal.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(proposal.getAttribute("aria-describedby")!)?.textContent).toBe(PROBABILITY_REFUSED);
    expect(screen.getByRole("spinbutton", { name: "Contacted" }).getAttribute("aria-invalid")).toBeNull();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      stageProbabilities: { ...DEFAULT_STAGE_PROBABILITIES, "Proposal Sent": 55 },
      lostReasons: ["Bad timing", "Went quiet"],
    });
  });

  it("Deals: sends only the stale limits that changed (an emptied one as null, never), and shows the saved ones", async () => {
    renderWithApp(<SettingsPage />);
    const limit = (stage: string) => screen.getByRole("spinbutton", { name: `${stage}: stale after days` });
    const newLead = await screen.findByRole("spinbutton", { name: "New Lead: stale after days" });
    expect(newLead).toHaveProperty("value", "3");
    expect(limit("Active")).toHaveProperty("value", "");
    expect(limit("Active").getAttribute("placeholder")).toBe("Never");
    await userEvent.clear(newLead);
    await userEvent.clear(limit("Contacted"));
    await userEvent.type(limit("Contacted"), "10");
    await userEvent.type(limit("Active"), "30");
    // Changed and changed back: the same as the saved limit, so not sent.
    await userEvent.clear(limit("Proposal Sent"));
    await userEvent.type(limit("Proposal Sent"), "10");
    await userEvent.click(screen.getByRole("button", { name: "Save Deals" }));

    expect(await screen.findByText("Settings Saved")).toBeTruthy();
    const patch = calls.find((call) => call.method === "PATCH")?.body as Record<string, unknown>;
    expect(patch.staleAfterDays).toEqual({ "New Lead": null, Contacted: 10, Active: 30 });
    expect(patch.stageProbabilities).toEqual(DEFAULT_STAGE_PROBABILITIES);
    await waitFor(() => expect(limit("Contacted")).toHaveProperty("value", "10"));
    expect(limit("New Lead")).toHaveProperty("value", "");
  });

  it("Deals: refuses a stale limit of 0 or over 365 days under its field before sending", async () => {
    renderWithApp(<SettingsPage />);
    const contacted = await screen.findByRole("spinbutton", { name: "Contacted: stale after days" });
    await userEvent.clear(contacted);
    await userEvent.type(contacted, "0");
    const active = screen.getByRole("spinbutton", { name: "Active: stale after days" });
    await userEvent.type(active, "366");
    await userEvent.click(screen.getByRole("button", { name: "Save Deals" }));
    await waitFor(() => expect(contacted.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(contacted.getAttribute("aria-describedby")!)?.textContent).toBe("At least 1 day");
    expect(document.getElementById(active.getAttribute("aria-describedby")!)?.textContent).toBe("At most 365 days");
    expect(screen.getByRole("spinbutton", { name: "Contacted" }).getAttribute("aria-invalid")).toBeNull();
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
  });

  it("Deals: keeps at least one reason and refuses an empty one before sending", async () => {
    renderWithApp(<SettingsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Remove Budget" }));
    expect(screen.getByRole("button", { name: "Remove Timing" })).toHaveProperty("disabled", true);
    await userEvent.click(screen.getByRole("button", { name: "Add Reason" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Deals" }));
    const empty = screen.getByRole("textbox", { name: "Lost reason 2" });
    await waitFor(() => expect(empty.getAttribute("aria-invalid")).toBe("true"));
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
  });

  it("refuses a logo of another type or too big before sending it", () => {
    expect(logoProblem({ type: "image/gif", size: 10 })).toBe("Choose a PNG, JPEG or WebP image.");
    expect(logoProblem({ type: "image/png", size: 600 * 1024 })).toMatch(/at most 512 KB/);
    expect(logoProblem({ type: "image/webp", size: 1024 })).toBeUndefined();
  });
});
