import { describe, expect, it } from "vitest";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { applyBoardMove, applyMove } from "./board-columns.ts";
import { shareBoard, shareLeads } from "./share-leads.ts";

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

describe("shareBoard", () => {
  const paged: LeadBoard = {
    columns: [
      { stage: "New Lead", count: 9, valueMinor: 0, weightedMinor: 0, leads: [board[0]!, board[1]!] },
      { stage: "Contacted", count: 1, valueMinor: 0, weightedMinor: 0, leads: [board[2]!] },
      { stage: "Active", count: 0, valueMinor: 0, weightedMinor: 0, leads: [] },
    ],
  };
  const copyBoard = (b: LeadBoard): LeadBoard => ({ columns: b.columns.map((c) => ({ ...c, leads: copy(c.leads) })) });

  it("keeps the old board when a refetch answers the same columns", () => {
    expect(shareBoard(paged, copyBoard(paged))).toBe(paged);
  });

  it("after a move, keeps the untouched columns and every lead object but the moved one", () => {
    const moved = copyBoard(applyBoardMove(paged, { leadId: "a", stage: "Contacted", afterId: "c", beforeId: null }));
    const shared = shareBoard(paged, moved) as LeadBoard;
    expect(shared).not.toBe(paged);
    expect(shared.columns[2]).toBe(paged.columns[2]);
    expect(shared.columns[0]!.leads[0]).toBe(board[1]);
    expect(shared.columns[0]!.count).toBe(8);
    expect(shared.columns[1]!.leads[0]).toBe(board[2]);
    expect(shared.columns[1]!.leads[1]).not.toBe(board[0]);
    expect(shared.columns[1]!.leads[1]!.stage).toBe("Contacted");
  });

  it("takes a new count even when the loaded leads are the same", () => {
    const grown = copyBoard(paged);
    grown.columns[0]!.count = 10;
    const shared = shareBoard(paged, grown) as LeadBoard;
    expect(shared.columns[0]!.count).toBe(10);
    expect(shared.columns[0]!.leads).toBe(paged.columns[0]!.leads);
    expect(shared.columns[1]).toBe(paged.columns[1]);
  });
});
