import { describe, expect, it } from "vitest";
import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { applyBoardMove, applyMove, boardColumns, leadColumns, movedTotals, moveOf, placeCard } from "./board-columns.ts";

const lead = (id: string, stage: LeadStage): Lead =>
  ({ id, stage, name: id, business: "b", email: `${id}@x.test`, priority: "medium", version: 1 }) as Lead;

const board = [lead("a", "New Lead"), lead("b", "New Lead"), lead("c", "Contacted"), lead("d", "Active")];
const order = (leads: Lead[]) => leads.map((l) => `${l.id}:${l.stage}`);

/** The list as GET /api/leads/board would page it, with `hidden` more leads per column than loaded. */
const boardOf = (leads: Lead[], hidden = 0): LeadBoard => ({
  columns: LEAD_STAGES.map((stage) => {
    const inColumn = leads.filter((l) => l.stage === stage);
    return { stage, count: inColumn.length + hidden, valueMinor: 0, weightedMinor: 0, leads: inColumn };
  }),
});
const groupByStage = (leads: Lead[]) => boardColumns(boardOf(leads));

describe("board columns", () => {
  it("take the board's columns of card ids, every stage present, in rank order", () => {
    const columns = groupByStage(board);
    expect(Object.keys(columns)).toHaveLength(10);
    expect(columns["New Lead"]).toEqual(["a", "b"]);
    expect(columns["Proposal Sent"]).toEqual([]);
  });

  it("keep the lead arrays of the columns a move leaves alone, so those columns need not render", () => {
    const byId = (leads: Lead[]) => new Map(leads.map((l) => [l.id, l]));
    const before = leadColumns(groupByStage(board), byId(board), null);
    const moved = applyMove(board, { leadId: "a", stage: "Contacted", afterId: "c", beforeId: null });
    const after = leadColumns(groupByStage(moved), byId(moved), before);
    expect(after.Active).toBe(before.Active);
    expect(after["Proposal Sent"]).toBe(before["Proposal Sent"]);
    expect(after["New Lead"]).not.toBe(before["New Lead"]);
    expect(after["New Lead"]).toEqual([board[1]]);
    expect(after.Contacted.map((l) => l.id)).toEqual(["c", "a"]);
  });

  it("state a card's place as its column and neighbours", () => {
    const columns = placeCard(groupByStage(board), "a", "Contacted", 1);
    expect(columns["New Lead"]).toEqual(["b"]);
    expect(columns.Contacted).toEqual(["c", "a"]);
    expect(moveOf(columns, "a")).toEqual({ leadId: "a", stage: "Contacted", afterId: "c", beforeId: null });
    expect(moveOf(columns, "b")).toEqual({ leadId: "b", stage: "New Lead", afterId: null, beforeId: null });
  });

  it("apply a move to a cached list: new stage, after its upper neighbour, columns still in order", () => {
    expect(order(applyMove(board, { leadId: "a", stage: "Contacted", afterId: "c", beforeId: null }))).toEqual([
      "b:New Lead",
      "c:Contacted",
      "a:Contacted",
      "d:Active",
    ]);
    expect(order(applyMove(board, { leadId: "b", stage: "New Lead", afterId: null, beforeId: "a" }))).toEqual([
      "b:New Lead",
      "a:New Lead",
      "c:Contacted",
      "d:Active",
    ]);
  });

  it("put a card without known neighbours at the top of its column, as the server does", () => {
    expect(order(applyMove(board, { leadId: "d", stage: "Contacted", afterId: "zz", beforeId: null }))).toEqual([
      "a:New Lead",
      "b:New Lead",
      "d:Contacted",
      "c:Contacted",
    ]);
    expect(order(applyMove(board, { leadId: "a", stage: "Proposal Sent", afterId: null, beforeId: null }))).toEqual([
      "b:New Lead",
      "c:Contacted",
      "a:Proposal Sent",
      "d:Active",
    ]);
  });

  it("leave a list that does not hold the lead unchanged", () => {
    const other = [lead("x", "New Lead")];
    expect(applyMove(other, { leadId: "a", stage: "Active", afterId: null, beforeId: null })).toBe(other);
  });

  it("apply a move to a cached board page: counts follow, neighbours place it, unknown neighbours put it on top", () => {
    const paged = boardOf(board, 5);
    const moved = applyBoardMove(paged, { leadId: "a", stage: "Contacted", afterId: "c", beforeId: null });
    const column = (b: LeadBoard, stage: LeadStage) => b.columns.find((c) => c.stage === stage)!;
    expect(column(moved, "New Lead")).toMatchObject({ count: 6 });
    expect(column(moved, "New Lead").leads.map((l) => l.id)).toEqual(["b"]);
    expect(column(moved, "Contacted").count).toBe(7);
    expect(order(column(moved, "Contacted").leads)).toEqual(["c:Contacted", "a:Contacted"]);
    expect(column(moved, "Active")).toBe(column(paged, "Active"));

    const onTop = applyBoardMove(paged, { leadId: "d", stage: "Contacted", afterId: "not-loaded", beforeId: null });
    expect(order(column(onTop, "Contacted").leads)).toEqual(["d:Contacted", "c:Contacted"]);
    const within = applyBoardMove(paged, { leadId: "b", stage: "New Lead", afterId: null, beforeId: "a" });
    expect(column(within, "New Lead")).toMatchObject({ count: 7 });
    expect(column(within, "New Lead").leads.map((l) => l.id)).toEqual(["b", "a"]);
    expect(applyBoardMove(paged, { leadId: "zz", stage: "Active", afterId: null, beforeId: null })).toBe(paged);
  });

  describe("column totals follow a moved card", () => {
    const defaults = { ...DEFAULT_STAGE_PROBABILITIES, "New Lead": 10, Contacted: 20 };
    const valued = (id: string, stage: LeadStage, valueMinor: number, probability: number | null): Lead => ({
      ...lead(id, stage),
      valueMinor,
      probability,
    });
    const deals = [valued("a", "New Lead", 100_000, null), valued("b", "New Lead", 50_000, 60), valued("c", "Contacted", 30_000, null)];
    /** The board as the server totals it: each lead's value, weighted by its own probability or the stage's. */
    const totalled = (leads: Lead[]): LeadBoard => {
      const paged = boardOf(leads);
      return {
        columns: paged.columns.map((column) => ({
          ...column,
          valueMinor: column.leads.reduce((sum, l) => sum + (l.valueMinor ?? 0), 0),
          weightedMinor: column.leads.reduce(
            (sum, l) => sum + Math.round(((l.valueMinor ?? 0) * (l.probability ?? defaults[l.stage])) / 100),
            0,
          ),
        })),
      };
    };
    const totals = (b: LeadBoard, stage: LeadStage) => {
      const { valueMinor, weightedMinor } = b.columns.find((c) => c.stage === stage)!;
      return { valueMinor, weightedMinor };
    };

    it("in a cached board: out of one column, into the other, weighted by the new stage's default", () => {
      const before = totalled(deals);
      const moved = applyBoardMove(before, { leadId: "a", stage: "Contacted", afterId: null, beforeId: null }, defaults);
      const recount = totalled(deals.map((l) => (l.id === "a" ? { ...l, stage: "Contacted" as const } : l)));
      for (const stage of ["New Lead", "Contacted"] as const) expect(totals(moved, stage)).toEqual(totals(recount, stage));
      expect(totals(moved, "Contacted")).toEqual({ valueMinor: 130_000, weightedMinor: 26_000 });
      const own = applyBoardMove(before, { leadId: "b", stage: "Contacted", afterId: null, beforeId: null }, defaults);
      expect(totals(own, "Contacted")).toEqual({ valueMinor: 80_000, weightedMinor: 36_000 });
    });

    it("while a card is dragged: the columns it left and entered, the others untouched", () => {
      const server = totalled(deals);
      const columns = boardColumns(server);
      const byId = new Map(deals.map((l) => [l.id, l]));
      const shown = placeCard(columns, "b", "Contacted", 0);
      const moved = { shown, columns, byId, defaults };
      const column = (stage: LeadStage) => server.columns.find((c) => c.stage === stage);
      expect(movedTotals("New Lead", column("New Lead"), moved)).toEqual({ valueMinor: 100_000, weightedMinor: 10_000 });
      expect(movedTotals("Contacted", column("Contacted"), moved)).toEqual({ valueMinor: 80_000, weightedMinor: 36_000 });
      expect(movedTotals("Active", column("Active"), moved)).toEqual({ valueMinor: 0, weightedMinor: 0 });
      expect(movedTotals("Contacted", column("Contacted"), null)).toEqual(totals(server, "Contacted"));
    });
  });
});
