import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Lead, LeadStage } from "@crm/contracts/lead/lead";
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

    move({ leadId: board[0]!.id, stage: "Contacted", afterId: board[1]!.id, beforeId: null });
    // Synchronously: the board's drop frame already reads the moved card from the cache.
    expect(queryClient.getQueryData<Lead[]>(["leads", {}])!.map((l) => `${l.name} ${l.stage}`)).toEqual([
      "Lead 2 Contacted",
      "Lead 1 Contacted",
    ]);

    expect(await screen.findByText("Move Failed")).toBeTruthy();
    expect(screen.getByText(/Someone else changed this lead meanwhile/)).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData<Lead[]>(["leads", {}])?.map((l) => l.stage)).toEqual(["New Lead", "Contacted"]));
  });
});
