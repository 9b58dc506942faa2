import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { renderApp } from "@/test/app";
import { aLead } from "@/test/lead";
import { polyfillRadix, stubFetch } from "@/test/render";
import { aUser, meOf } from "@/test/user";

const ME = aUser("Project Manager");
const LOST = aLead({
  name: "Ava Stone",
  business: "Stone & Co",
  stage: "Proposal Sent",
  status: "lost",
  closedAt: "2026-03-04T10:00:00.000Z",
  lostReason: "Budget",
  lostNote: "Half of what they hoped.",
  valueMinor: 1_250_000,
  assignedTo: ME.id,
  version: 6,
});
const SETTINGS = {
  agencyName: "Northwind Studio",
  senderName: "Northwind",
  replyTo: null,
  currency: "USD",
  timeZone: "UTC",
  weekStart: "Monday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget"],
  logoUrl: null,
  version: 2,
};

let calls: { url: string; method: string; body: unknown }[] = [];
let lost = [LOST];

beforeEach(() => {
  polyfillRadix();
  lost = [LOST];
  calls = stubFetch((url, init) => {
    if (url === "/api/auth/me") return { status: 200, body: meOf(ME) };
    if (url === "/api/settings") return { status: 200, body: SETTINGS };
    if (url === "/api/users") return { status: 200, body: [ME] };
    if (url.startsWith("/api/leads/lost")) return { status: 200, body: lost };
    if (url === `/api/leads/${LOST.id}`) return { status: 200, body: lost[0] ?? { ...LOST, status: "open" } };
    if (url === `/api/leads/${LOST.id}/history`) return { status: 200, body: { leadId: LOST.id, erased: false, entries: [] } };
    if (/^\/api\/(meetings|activities)\?/.test(url)) return { status: 200, body: [] };
    if (url === `/api/leads/${LOST.id}/reopen` && init?.method === "POST") {
      lost = [];
      return {
        status: 200,
        body: { ...LOST, status: "open", closedAt: null, lostReason: null, lostNote: null, version: 7, position: "12" },
      };
    }
    return { status: 404, body: { title: "Not Found" } };
  });
});

describe("the Lost view", () => {
  it("lists the lost lead with its owner, value, date, reason and note, and reopens it in the stage it left", async () => {
    renderApp("/leads?view=lost");
    const row = await screen.findByRole("listitem", { name: "Ava Stone" });
    expect(within(row).getByRole("link", { name: "Ava Stone" }).getAttribute("href")).toBe(`/lead/${LOST.id}`);
    for (const text of ["Stone & Co", "Budget", "Half of what they hoped.", "$12,500.00", "Mar 4, 2026", ME.displayName]) {
      expect(within(row).getByText(text, { exact: false })).toBeTruthy();
    }
    expect(screen.getByRole("link", { name: "Lost" }).getAttribute("aria-current")).toBe("page");

    await userEvent.click(within(row).getByRole("button", { name: "Reopen Ava Stone" }));
    expect(await screen.findByText("Reopened in Proposal Sent")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { url: `/api/leads/${LOST.id}/reopen`, method: "POST", body: { expectedVersion: 6 } },
    ]);
    // The list is asked again and the lead has left it.
    expect(await screen.findByText("No lost deals")).toBeTruthy();
  });

  it("sends the search to the server and says when nothing matches", async () => {
    renderApp("/leads?view=lost");
    await screen.findByRole("listitem", { name: "Ava Stone" });
    lost = [];
    await userEvent.type(screen.getByRole("searchbox", { name: "Search lost leads" }), "gomez");
    expect(await screen.findByText("No lost leads match “gomez”")).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === "/api/leads/lost?search=gomez")).toBe(true));
  });
});

describe("a lost lead's page", () => {
  it("says when and why it was lost, offers Reopen instead of the board's actions, and reopens it", async () => {
    renderApp(`/lead/${LOST.id}`);
    const banner = await screen.findByText("Closed as lost on Mar 4, 2026: Budget");
    expect(screen.getByText("Half of what they hoped.")).toBeTruthy();
    for (const action of ["Edit Lead", "Send Email", "Schedule Meeting"]) expect(screen.queryByRole("button", { name: action })).toBeNull();
    await userEvent.click(within(banner.closest("[role=status]") as HTMLElement).getByRole("button", { name: "Reopen" }));
    expect(await screen.findByText("Reopened in Proposal Sent")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Edit Lead" })).toBeTruthy();
  });
});
