import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { CONFLICT_TEXT } from "../api/lead-mutations.ts";
import { EditLeadDialog } from "./edit-lead-dialog.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const lead = aLead({ name: "Zoe Journey", business: "Journey Studio", email: "zoe@journey.test", version: 4 });

const settings = (currency: string) => ({
  agencyName: "Agency",
  senderName: "Agency",
  replyTo: null,
  currency,
  timeZone: "UTC",
  weekStart: "Monday",
  stageProbabilities: { ...DEFAULT_STAGE_PROBABILITIES, "New Lead": 15 },
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget"],
  logoUrl: null,
  version: 1,
});

/** The settings name the currency, the directors list answers empty; the edit answers the given status and body. */
function network(edit: { status: number; body?: unknown }, currency = "USD") {
  return stubFetch((url, init) =>
    init?.method === "PATCH" ? edit : url === "/api/settings" ? { status: 200, body: settings(currency) } : { status: 200, body: [] },
  );
}

describe("Edit Lead dialog", { timeout: 30_000 }, () => {
  it("opens on the lead's values and closes without a call when nothing changed", async () => {
    const calls = network({ status: 200 });
    const onOpenChange = vi.fn();
    renderWithApp(<EditLeadDialog lead={lead} open onOpenChange={onOpenChange} />);
    expect(await screen.findByDisplayValue("Journey Studio")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Creative Director" }).textContent).toContain("None");
    await userEvent.setup().click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
  });

  it("sends only the changed field with the version it started from", async () => {
    const calls = network({ status: 200, body: { ...lead, business: "North Studio", version: 5, position: "7" } });
    renderWithApp(<EditLeadDialog lead={lead} open onOpenChange={() => {}} />);
    const business = await screen.findByDisplayValue("Journey Studio");
    const user = userEvent.setup();
    await user.clear(business);
    await user.type(business, "North Studio");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Lead details have been updated.")).toBeTruthy();
    expect(calls.find((call) => call.method === "PATCH")).toEqual({
      url: `/api/leads/${lead.id}`,
      method: "PATCH",
      body: { business: "North Studio", expectedVersion: 4 },
    });
  });

  it("stays open with the reload advice when someone else changed the lead", async () => {
    network({ status: 409, body: { title: "Conflict", status: 409, detail: "Version mismatch" } });
    const onOpenChange = vi.fn();
    renderWithApp(<EditLeadDialog lead={lead} open onOpenChange={onOpenChange} />);
    const notes = await screen.findByRole("textbox", { name: "Notes" });
    const user = userEvent.setup();
    await user.type(notes, "Prefers mornings");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    expect(screen.getByText(CONFLICT_TEXT)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue("Prefers mornings")).toBeTruthy();
  });

  it("sends the typed value in the currency's minor units, the close date and the probability", async () => {
    const calls = network({ status: 200, body: { ...lead, version: 5, position: "7" } });
    renderWithApp(<EditLeadDialog lead={lead} open onOpenChange={() => {}} />);
    const value = await screen.findByRole("textbox", { name: "Value (USD)" });
    expect(await screen.findByText("Empty: the stage's default, 15% for New Lead")).toBeTruthy();
    const user = userEvent.setup();
    await user.type(value, "12,500.5");
    await user.type(screen.getByLabelText("Expected Close Date"), "2027-03-31");
    await user.type(screen.getByRole("textbox", { name: "Probability (%)" }), "40");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Lead details have been updated.")).toBeTruthy();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      valueMinor: 1_250_050,
      expectedCloseOn: "2027-03-31",
      probability: 40,
      expectedVersion: 4,
    });
  });

  it("refuses more decimals than the currency has, and sends nothing", async () => {
    const calls = network({ status: 200 }, "JPY");
    renderWithApp(<EditLeadDialog lead={{ ...lead, valueMinor: 5000 }} open onOpenChange={() => {}} />);
    const value = await screen.findByRole("textbox", { name: "Value (JPY)" });
    await waitFor(() => expect((value as HTMLInputElement).value).toBe("5000"));
    const user = userEvent.setup();
    await user.type(value, ".5");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Enter a whole amount in JPY")).toBeTruthy();
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
  });
});
