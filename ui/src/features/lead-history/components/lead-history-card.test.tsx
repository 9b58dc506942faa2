import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HistoryEntry, LeadHistory } from "@crm/contracts/history/answers";
import { aLead } from "@/test/lead";
import { renderWithApp, stubFetch } from "@/test/render";
import { LeadHistoryCard } from "./lead-history-card.tsx";

const ID = "00000000-0000-4000-8000-000000000001";
const entry = (n: number, over: Partial<HistoryEntry>): HistoryEntry => ({
  position: `00000000000000000001-0000000000000000000${n}`,
  eventId: `e${n}`,
  streamId: `lead-${ID}`,
  streamVersion: n,
  type: "LeadStageChanged",
  schemaVersion: 1,
  at: `2026-01-0${n}T10:00:00.000Z`,
  actor: { id: "u1", name: "Pat Partner" },
  commandId: `c${n}`,
  correlationId: `c${n}`,
  summary: "",
  changes: [],
  leadVersion: n,
  data: {},
  ...over,
});
const history: LeadHistory = {
  leadId: ID,
  erased: false,
  timeZone: "UTC",
  entries: [
    entry(1, { type: "LeadCreated", summary: "Lead created", changes: [{ field: "name", before: null, after: "Ada <b>" }] }),
    entry(2, { summary: "Stage changed to Contacted", changes: [{ field: "stage", before: "New Lead", after: "Contacted" }] }),
  ],
};
const lead = (name: string, stage: "New Lead" | "Contacted") => aLead({ id: ID, name, stage, priority: "high" });

afterEach(() => vi.unstubAllGlobals());

describe("Lead history card", { timeout: 30_000 }, () => {
  it("lists events newest first with who, what changed, and scrubs through versions with ?asOf=", async () => {
    const calls = stubFetch((url) => {
      if (url.endsWith("/history")) return { status: 200, body: history };
      if (url.includes("asOf=00000000000000000001-00000000000000000001")) return { status: 200, body: lead("Ada <b>", "New Lead") };
      if (url.includes("asOf=")) return { status: 200, body: lead("Ada <b>", "Contacted") };
      return { status: 404 };
    });
    renderWithApp(<LeadHistoryCard leadId={ID} leadName="Ada" canErase={false} />);
    const events = await screen.findByRole("list", { name: "Events" });
    const items = within(events).getAllByRole("listitem");
    expect(items[0]!.textContent).toContain("Stage changed to Contacted");
    expect(items[0]!.textContent).toContain("New Lead → Contacted");
    expect(items[1]!.textContent).toContain("Pat Partner");
    expect(await screen.findByText("Contacted", { selector: "dd" })).toBeTruthy();
    fireEvent.change(screen.getByRole("slider", { name: /time travel/i }), { target: { value: "0" } });
    expect(await screen.findByText("New Lead", { selector: "dd" })).toBeTruthy();
    expect(screen.getByText("Ada <b>", { selector: "dd" })).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/leads/${ID}?asOf=00000000000000000001-00000000000000000001`)).toBe(true);
    expect(screen.queryByRole("button", { name: "Erase Personal Data" })).toBeNull();
  });

  it("says the history could not load when its answer is not the contract's shape", async () => {
    stubFetch((url) =>
      url.endsWith("/history") ? { status: 200, body: { ...history, entries: [{ ...history.entries[0], at: 7 }] } } : { status: 404 },
    );
    renderWithApp(<LeadHistoryCard leadId={ID} leadName="Ada" canErase={false} />);
    expect(await screen.findByText("Could not load the history.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Events" })).toBeNull();
  });

  it("erases only after the lead's name or ERASE is typed", async () => {
    const calls = stubFetch((url) => {
      if (url.endsWith("/history")) return { status: 200, body: history };
      if (url.endsWith("/erase")) return { status: 200, body: { id: ID, version: 3, position: "1-9", streams: 2, events: 5 } };
      return { status: 200, body: lead("Ada", "Contacted") };
    });
    renderWithApp(<LeadHistoryCard leadId={ID} leadName="Ada Lovelace" canErase />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Erase Personal Data" }));
    const dialog = await screen.findByRole("dialog");
    const submit = within(dialog).getByRole("button", { name: "Erase Personal Data" });
    await user.type(within(dialog).getByLabelText(/to confirm/), "Ada");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/to confirm/), " lovelace");
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    expect(await screen.findByText("Personal Data Erased")).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/erase"))).toEqual({
        url: `/api/leads/${ID}/erase`,
        method: "POST",
        body: { confirmation: "Ada lovelace" },
      }),
    );
  });
});
