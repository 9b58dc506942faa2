import { describe, expect, it } from "vitest";
import type { Lead, LeadStage } from "@crm/contracts/lead/lead";
import { applyMove } from "./board-columns.ts";
import { shareLeads } from "./share-leads.ts";

const lead = (id: string, stage: LeadStage): Lead =>
  ({ id, stage, name: id, business: "b", email: `${id}@x.test`, priority: "medium", version: 1 }) as Lead;

const board = [lead("a", "New Lead"), lead("b", "New Lead"), lead("c", "Contacted")];
const copy = (leads: Lead[]) => leads.map((l) => ({ ...l }));

describe("shareLeads", () => {
  it("keeps the old list when a refetch answers the same leads", () => {
    expect(shareLeads(board, copy(board))).toBe(board);
  });

  it("after a move, keeps every lead object but the moved one, though the others shifted", () => {
    const moved = copy(applyMove(board, { leadId: "a", stage: "Contacted", afterId: "c", beforeId: null }));
    const shared = shareLeads(board, moved) as Lead[];
    expect(shared.map((l) => l.id)).toEqual(["b", "c", "a"]);
    expect(shared[0]).toBe(board[1]);
    expect(shared[1]).toBe(board[2]);
    expect(shared[2]).not.toBe(board[0]);
    expect(shared[2]!.stage).toBe("Contacted");
  });

  it("takes new and changed leads as they come", () => {
    const renamed = { ...board[1]!, name: "Bea", version: 2 };
    const shared = shareLeads(board, [board[0], renamed, board[2], lead("d", "Active")]) as Lead[];
    expect(shared[1]).toEqual(renamed);
    expect(shared[1]).not.toBe(board[1]);
    expect(shared[0]).toBe(board[0]);
    expect(shared[3]!.id).toBe("d");
  });
});
