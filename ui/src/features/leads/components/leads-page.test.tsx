import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS, LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { PastBoard, StaleLeads } from "@crm/contracts/reports/reports";
import { addDays, todayIn } from "@crm/contracts/time/date-time";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { aUser } from "@/test/user";
import { formatDay } from "../utils/board-day.ts";
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
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget"],
  logoUrl: null,
  version: 1,
};

// Lead 2 has gone quiet in Contacted for longer than the stage's 7 days.
const stale: StaleLeads = {
  leads: [
    {
      id: leads[1]!.id,
      name: "Lead 2",
      business: leads[1]!.business,
      stage: "Contacted",
      ownerId: null,
      lastActivityAt: "2026-01-01T00:00:00.000Z",
      idleDays: 12,
      limitDays: 7,
    },
  ],
};

// The board two days ago (the test's settings are in UTC), compared with five days ago: Lead 1 was
// new then, Lead 3 had moved on from Contacted, Lead 4 had not moved; Lead 9 has been lost since.
const today = todayIn("UTC");
const pastDay = addDays(today, -2);
const sinceDay = addDays(today, -5);
const pastCard = (n: number, movedFrom: PastBoard["columns"][number]["leads"][number]["movedFrom"]) => ({
  id: leads[n - 1]!.id,
  name: `Lead ${n}`,
  business: `Business ${n}`,
  priority: "medium" as const,
  ownerId: ada.id,
  valueMinor: n === 1 ? 100_000 : null,
  enteredStageAt: "2026-01-02T10:00:00.000Z",
  movedFrom,
});
const pastBoard = (since: string | null): PastBoard => ({
  day: pastDay,
  asOf: `${addDays(pastDay, 1)}T00:00:00.000Z`,
  timeZone: "UTC",
  since,
  columns: LEAD_STAGES.map((stage) => {
    const cards =
      stage === "New Lead"
        ? [pastCard(1, since ? "absent" : undefined)]
        : stage === "Proposal Sent"
          ? [pastCard(3, since ? "Contacted" : undefined), pastCard(4, since ? null : undefined)]
          : [];
    const valueMinor = cards.reduce((sum, card) => sum + (card.valueMinor ?? 0), 0);
    return { stage, count: cards.length, valueMinor, weightedMinor: valueMinor / 10, leads: cards };
  }),
  left: since
    ? [{ id: "00000000-0000-4000-8000-000000000009", name: "Lead 9", business: "Gone Ltd", stage: "Contract Sent", now: "lost" }]
    : [],
});

function network() {
  return stubFetch((url, init) => {
    if (url.startsWith("/api/leads/board/past")) {
      const since = new URL(url, "http://x").searchParams.get("since");
      return { status: 200, body: pastBoard(since) };
    }
    if (url === "/api/leads/stale") return { status: 200, body: stale };
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

describe("the leads board: stale flags and the board on a past day", { timeout: 30_000 }, () => {
  it("flags a stale card, in words and in the card's description, and no other", async () => {
    network();
    renderWithApp(<LeadsPage />);
    await screen.findByRole("article", { name: "Lead 1" });
    // The flags come with the stale list, which waits for the settings (their version is in its key).
    const flagged = await screen.findByRole("article", { name: "Lead 2", description: "Stale: 12 days without activity" });
    expect(within(flagged).getByText("Stale: 12 days without activity").getAttribute("title")).toBe(
      "No activity for 12 days; leads in Contacted are flagged after 7.",
    );
    expect(card("Lead 1").getAttribute("aria-describedby")).toBeNull();
    expect(screen.getAllByText(/^Stale:/)).toHaveLength(1);
  });

  it("shows a past day read-only with its banner, marks what moved since, lists what left, and goes back to today", async () => {
    const calls = network();
    renderWithApp(<LeadsPage />);
    await screen.findByRole("article", { name: "Lead 1" });
    expect(screen.getByRole("button", { name: "Move Lead 1" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Board on a day"), { target: { value: pastDay } });
    const banner = await screen.findByRole("region", { name: "Past board" });
    expect(banner.textContent).toContain(`The board at the end of ${formatDay(pastDay)} — read-only`);
    const past = screen.getByRole("region", { name: `Pipeline board on ${formatDay(pastDay)}` });
    expect(within(past).getByRole("region", { name: "New Lead" }).textContent).toContain("$1.0K · weighted $100");
    expect(within(within(past).getByRole("region", { name: "Proposal Sent" })).getByLabelText("2 leads")).toBeTruthy();
    // Read-only: nothing to drag, no card menu, no bulk selection, no new lead, no search.
    expect(within(past).getByRole("article", { name: "Lead 1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Move / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Actions for / })).toBeNull();
    expect(screen.queryByRole("button", { name: "Select" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add Lead" })).toBeNull();
    expect(screen.queryByRole("searchbox", { name: "Search leads" })).toBeNull();
    expect(screen.getByText("3 leads")).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/leads/board/past?day=${pastDay}`)).toBe(true);

    fireEvent.change(screen.getByLabelText("Changes since"), { target: { value: sinceDay } });
    const moved = await screen.findByRole("article", {
      name: "Lead 3",
      description: `Moved here from Contacted since the end of ${formatDay(sinceDay)}`,
    });
    expect(moved.textContent).toContain("from Contacted");
    expect(
      screen.getByRole("article", { name: "Lead 1", description: `New on the board since the end of ${formatDay(sinceDay)}` }),
    ).toBeTruthy();
    expect(screen.getByRole("article", { name: "Lead 4" }).getAttribute("aria-describedby")).toBeNull();
    expect(banner.textContent).toContain("2 cards moved or new, 1 left the board");
    const left = screen.getByRole("region", { name: `Left the board since the end of ${formatDay(sinceDay)}` });
    expect(left.textContent).toContain("Lead 9");
    expect(left.textContent).toContain("was in Contract Sent");

    // The filters carry over: a colleague's leads then.
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Owner" }));
    await user.click(screen.getByRole("option", { name: "Grace Hopper" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/leads/board/past?day=${pastDay}&since=${sinceDay}&owner=${grace.id}`)).toBe(true),
    );

    await user.click(within(banner).getByRole("button", { name: "Back to today" }));
    expect(await screen.findByRole("button", { name: "Move Lead 1" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Past board" })).toBeNull();
  });
});
