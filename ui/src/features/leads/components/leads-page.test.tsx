import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { aUser } from "@/test/user";
import { LeadsPage } from "./leads-page.tsx";

beforeAll(() => {
  polyfillRadix();
  // jsdom lays nothing out: give each column's scroller a height, so the virtual list renders its cards.
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 320 });
});
afterEach(() => vi.unstubAllGlobals());

const ada = aUser("Partner", { id: "7c8d3c1e-0000-4000-8000-0000000000a1", displayName: "Ada Lovelace" });
const grace = aUser("Project Manager", { id: "7c8d3c1e-0000-4000-8000-0000000000b2", displayName: "Grace Hopper" });
const carl = aUser("Creative Director", { id: "7c8d3c1e-0000-4000-8000-0000000000c3", displayName: "Carl Director" });

const lead = (n: number, stage: LeadStage, over: Partial<Lead> = {}): Lead =>
  aLead({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Lead ${n}`,
    email: `lead${n}@test.example`,
    stage,
    assignedTo: ada.id,
    ...over,
  });

// One lead at the top of each of four columns: the top card of a column is always rendered.
const leads = [
  lead(1, "New Lead", { valueMinor: 4_825_000 }),
  lead(2, "Contacted", { assignedTo: "7c8d3c1e-0000-4000-8000-0000000000ff" }),
  lead(3, "Meeting Scheduled"),
  lead(4, "Proposal Sent"),
];
const board: LeadBoard = {
  columns: LEAD_STAGES.map((stage) => {
    const inColumn = leads.filter((l) => l.stage === stage);
    const valueMinor = inColumn.reduce((sum, l) => sum + (l.valueMinor ?? 0), 0);
    return { stage, count: inColumn.length, valueMinor, weightedMinor: Math.round(valueMinor / 10), leads: inColumn };
  }),
};
const settings = {
  agencyName: "Agency",
  senderName: "Agency",
  replyTo: null,
  currency: "USD",
  timeZone: "UTC",
  weekStart: "Monday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  lostReasons: ["Budget"],
  logoUrl: null,
  version: 1,
};

function network() {
  return stubFetch((url, init) => {
    if (url.startsWith("/api/leads/reassign") && init?.method === "POST") {
      const { leadIds } = JSON.parse(String(init.body)) as { leadIds: string[] };
      return {
        status: 200,
        body: { position: "9", results: leadIds.map((leadId, i) => ({ leadId, status: i === 0 ? "unchanged" : "reassigned" })) },
      };
    }
    if (url.startsWith("/api/leads/board")) return { status: 200, body: board };
    if (url === "/api/users") return { status: 200, body: [ada, grace, carl] };
    if (url === "/api/settings") return { status: 200, body: settings };
    return { status: 200, body: [] };
  });
}

const card = (name: string) => screen.getByRole("article", { name });

describe("the leads board: owners, values, bulk reassign", { timeout: 30_000 }, () => {
  it("shows each card's owner (a former colleague for an unknown id), its value and the column's totals", async () => {
    network();
    renderWithApp(<LeadsPage />);
    expect(
      await within(await screen.findByRole("article", { name: "Lead 1" })).findByRole("img", { name: "Owner: Ada Lovelace" }),
    ).toBeTruthy();
    expect(within(card("Lead 2")).getByRole("img", { name: "Owner: Former colleague" })).toBeTruthy();
    expect(within(card("Lead 1")).getByText("$48.3K")).toBeTruthy();
    const newLeads = screen.getByRole("region", { name: "New Lead" });
    expect(newLeads.textContent).toContain("$48.3K · weighted $4.8K");
    expect(within(newLeads).getByLabelText("1 lead")).toBeTruthy();
    expect(within(newLeads).getByTitle("1 lead · $48,250.00 in all · $4,825.00 weighted by probability")).toBeTruthy();
  });

  it("the owner filter asks the board for my leads, then a colleague's", async () => {
    const calls = network();
    renderWithApp(<LeadsPage />);
    await screen.findByRole("article", { name: "Lead 1" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Owner" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Everyone", "My leads", "Ada Lovelace", "Grace Hopper"]);
    await user.click(screen.getByRole("option", { name: "My leads" }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.startsWith("/api/leads/board?") && new URL(c.url, "http://x").searchParams.get("mine") === "true"),
      ).toBe(true),
    );
    await user.click(screen.getByRole("combobox", { name: "Owner" }));
    await user.click(screen.getByRole("option", { name: "Grace Hopper" }));
    await waitFor(() => expect(calls.some((c) => new URL(c.url, "http://x").searchParams.get("owner") === grace.id)).toBe(true));
    const last = new URL(calls.filter((c) => c.url.startsWith("/api/leads/board")).at(-1)!.url, "http://x");
    expect(last.searchParams.get("mine")).toBeNull();
  });

  it("selects three cards (checkboxes, a click on a card, one toggled off again) and reassigns them in one request", async () => {
    const calls = network();
    renderWithApp(<LeadsPage />);
    await screen.findByRole("article", { name: "Lead 1" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Select" }));
    expect(screen.queryByRole("button", { name: "Move Lead 1" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Select Lead 1" }));
    await user.click(card("Lead 2"));
    await user.click(screen.getByRole("checkbox", { name: "Select Lead 3" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Lead 4" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Lead 4" }));
    const bar = screen.getByRole("toolbar", { name: "Selected leads" });
    expect(bar.textContent).toContain("3 selected");
    await user.click(within(bar).getByRole("button", { name: "Reassign…" }));
    const dialog = await screen.findByRole("dialog", { name: "Reassign 3 leads" });
    await user.click(within(dialog).getByRole("combobox", { name: "New owner" }));
    await user.click(await screen.findByRole("option", { name: "Grace Hopper (Project Manager)" }));
    await user.click(within(dialog).getByRole("button", { name: "Reassign" }));
    expect(await screen.findByText("2 leads reassigned to Grace Hopper; 1 unchanged or closed.")).toBeTruthy();
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toEqual([
      { url: "/api/leads/reassign", method: "POST", body: { leadIds: [leads[0]!.id, leads[1]!.id, leads[2]!.id], assignedTo: grace.id } },
    ]);
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Selected leads" })).toBeNull());
    expect(screen.getByRole("button", { name: "Move Lead 1" })).toBeTruthy();
  });

  it("starts the selection again when the filter changes, so no hidden card is reassigned", async () => {
    network();
    renderWithApp(<LeadsPage />);
    await screen.findByRole("article", { name: "Lead 1" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Select" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Lead 1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Lead 2" }));
    const bar = screen.getByRole("toolbar", { name: "Selected leads" });
    expect(bar.textContent).toContain("2 selected");
    await user.click(screen.getByRole("combobox", { name: "Owner" }));
    await user.click(screen.getByRole("option", { name: "Grace Hopper" }));
    await waitFor(() => expect(bar.textContent).toContain("0 selected"));
    expect(within(bar).getByRole("button", { name: "Reassign…" }).hasAttribute("disabled")).toBe(true);
  });
});
