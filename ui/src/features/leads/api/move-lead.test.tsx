import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEAD_ERASED, LEAD_ERASED_TITLE } from "@crm/contracts/erasure/lead-erased";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { aLead } from "@/test/lead";
import { renderWithApp, stubFetch } from "@/test/render";
import { useMoveLead } from "./move-lead.ts";

afterEach(() => vi.unstubAllGlobals());

const lead = (n: number, stage: LeadStage): Lead =>
  aLead({ id: `00000000-0000-4000-8000-00000000000${n}`, name: `Lead ${n}`, email: `lead${n}@test.example`, stage, priority: "low" });

let move: ReturnType<typeof useMoveLead>;
function Mover() {
  move = useMoveLead();
  return null;
}

describe("moving a lead on the board", { timeout: 30_000 }, () => {
  it("shows the move in the cached board at once, and takes it back with a toast when the server refuses", async () => {
    stubFetch((url) => (url.includes("/move") ? { status: 409, body: { title: "Conflict" } } : { status: 200, body: [] }));
    const { queryClient } = renderWithApp(<Mover />);
    const board = [lead(1, "New Lead"), lead(2, "Contacted")];
    queryClient.setQueryData(["leads", {}], board);
    const paged: LeadBoard = {
      columns: [
        { stage: "New Lead", count: 30, valueMinor: 0, weightedMinor: 0, leads: [board[0]!] },
        { stage: "Contacted", count: 1, valueMinor: 0, weightedMinor: 0, leads: [board[1]!] },
      ],
    };
    const boardKey = ["leads", "board", {}, {}];
    queryClient.setQueryData(boardKey, paged);
    const columnsNow = () =>
      queryClient.getQueryData<LeadBoard>(boardKey)!.columns.map((c) => `${c.stage} ${c.count}: ${c.leads.map((l) => l.name).join(", ")}`);

    move({ leadId: board[0]!.id, stage: "Contacted", afterId: board[1]!.id, beforeId: null });
    // Synchronously: the board's drop frame already reads the moved card from the cache.
    expect(queryClient.getQueryData<Lead[]>(["leads", {}])!.map((l) => `${l.name} ${l.stage}`)).toEqual([
      "Lead 2 Contacted",
      "Lead 1 Contacted",
    ]);
    expect(columnsNow()).toEqual(["New Lead 29: ", "Contacted 2: Lead 2, Lead 1"]);

    expect(await screen.findByText("Move Failed")).toBeTruthy();
    expect(screen.getByText(/Someone else changed this lead meanwhile/)).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData<Lead[]>(["leads", {}])?.map((l) => l.stage)).toEqual(["New Lead", "Contacted"]));
    expect(columnsNow()).toEqual(["New Lead 30: Lead 1", "Contacted 1: Lead 2"]);
  });

  it("says why when the lead was erased, instead of advising a reload", async () => {
    stubFetch((url) =>
      url.includes("/move")
        ? { status: 409, body: { title: LEAD_ERASED_TITLE, status: 409, detail: LEAD_ERASED } }
        : { status: 200, body: [] },
    );
    const { queryClient } = renderWithApp(<Mover />);
    const board = [lead(1, "New Lead")];
    queryClient.setQueryData(["leads", {}], board);
    move({ leadId: board[0]!.id, stage: "Contacted", afterId: null, beforeId: null });
    expect(await screen.findByText("Move Failed")).toBeTruthy();
    expect(screen.getByText(LEAD_ERASED)).toBeTruthy();
    expect(screen.queryByText(/Someone else changed this lead meanwhile/)).toBeNull();
  });
});
